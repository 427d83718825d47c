/** The policy reader of the consistency test catches what the hand-written pages used to say. */
import { describe, expect, it } from 'vitest';
import { policyFacts, policyFindings } from '../e2e/policy-facts.ts';
import { POLICIES } from '../fixtures/policies.ts';

describe('policyFindings', () => {
  it('finds nothing wrong in the sentences of src/lib/policies.ts', () => {
    const text =
      'Envío gratis en compras desde $1,500. En compras menores, el envío cuesta $149 por pedido. ' +
      'Tu pedido llega en 3 a 10 días hábiles a partir de la confirmación del pago, según tu zona. ' +
      'Ciudad de México y área metropolitana: de 3 a 7 días hábiles. Resto de la República: de 5 a 10 días hábiles. ' +
      'Tienes 30 días naturales a partir de la entrega para solicitar una devolución. ' +
      'Puedes revocar tu compra sin responsabilidad alguna dentro de los 5 días hábiles siguientes a la entrega. ' +
      'Reembolsamos el total pagado, por el mismo medio de pago, en un máximo de 10 días hábiles después de recibir el producto. ' +
      'En compras desde $1,000 puedes pagar a 3 y 6 meses sin intereses con tarjetas participantes.';
    expect(policyFacts(text).map((f) => f.kind)).toEqual([
      'free-shipping',
      'shipping-cost',
      'installments',
      'return-days',
      'revocation-days',
      'refund-days',
      'delivery',
      'delivery',
      'delivery',
    ]);
    expect(policyFindings(text, POLICIES)).toEqual([]);
  });

  it('flags each figure the old pages disagreed on', () => {
    const old = [
      'Envío gratis en compras mayores a $1,000.',
      'Entrega en 1 a 3 días hábiles.',
      'El envío estándar tarda de 7 a 15 días hábiles.',
      'Sí, tienes 48 días a partir de la entrega para solicitar una devolución.',
      'Cualquier problema debe reportarse dentro de las 48 horas siguientes a la entrega.',
      'Los pedidos pagados no se pueden cancelar.',
      'En compras mayores a $1,200 MXN puedes pagar a 3 y 6 meses sin intereses.',
    ];
    for (const sentence of old) expect(policyFindings(sentence, POLICIES), sentence).not.toEqual([]);
  });
});
