import { describe, expect, it } from 'vitest';
import { POLICIES, POLICY_ROW } from '../../tests/fixtures/policies.ts';
import {
  daysRange,
  deliveryLines,
  deliveryRange,
  deliverySentence,
  freeShippingSentence,
  installmentsSentence,
  isDeliveryZone,
  isRfc,
  listText,
  missingSellerDetails,
  paymentSentence,
  pesos,
  policySummary,
  privacyControllerName,
  returnsSentence,
  revocationSentence,
  sellerSentence,
  shippingCostFor,
  shippingCostSentence,
  toShopPolicies,
} from './policies.ts';

describe('reading the policies row', () => {
  it('sorts the interest-free months and trims the seller details', () => {
    expect(POLICIES.installments).toEqual({ minPurchase: 1000, months: [3, 6] });
    const p = toShopPolicies({ ...POLICY_ROW, seller_legal_name: '  ', seller_rfc: null });
    expect(p.seller).toEqual({ legalName: null, rfc: null, address: POLICY_ROW.seller_address });
  });
  it('offers no interest-free months when the amount is unset', () => {
    expect(toShopPolicies({ ...POLICY_ROW, installments_min: null }).installments).toBeNull();
    expect(installmentsSentence(toShopPolicies({ ...POLICY_ROW, installments_min: null }))).toBeNull();
  });
  it('keeps only well-formed delivery zones', () => {
    expect(isDeliveryZone({ zone: 'Norte', min_days: 2, max_days: 4 })).toBe(true);
    for (const bad of [
      { zone: '', min_days: 2, max_days: 4 },
      { zone: 'Norte', min_days: 5, max_days: 4 },
      { zone: 'Norte', min_days: 0, max_days: 4 },
      { zone: 'Norte', min_days: 1.5, max_days: 4 },
      { zone: 'Norte', min_days: 1, max_days: 61 },
      null,
    ]) {
      expect(isDeliveryZone(bad)).toBe(false);
    }
  });
});

describe('the seller details the law asks for', () => {
  it('names the missing ones as the back office labels them', () => {
    expect(missingSellerDetails(POLICIES)).toEqual([]);
    expect(missingSellerDetails({ seller: { legalName: null, rfc: null, address: null } })).toEqual([
      'Razón social del vendedor',
      'RFC',
      'Domicilio',
    ]);
  });
  it('states only what is set, never a placeholder', () => {
    expect(sellerSentence(POLICIES, 'Outlet Moda MX')).toBe(
      'Outlet Moda MX es operada por Moda Outlet de México, S.A. de C.V., RFC MOM201015AB1, con domicilio en Av. Insurgentes Sur 100, Col. Roma, 06700, Ciudad de México.',
    );
    expect(sellerSentence({ seller: { legalName: null, rfc: 'MOM201015AB1', address: null } }, 'Outlet')).toBe('Outlet, RFC MOM201015AB1.');
    expect(sellerSentence({ seller: { legalName: null, rfc: null, address: null } }, 'Outlet')).toBeNull();
  });
  it('checks RFCs of companies and people', () => {
    expect(isRfc('MOM201015AB1')).toBe(true);
    expect(isRfc('GOML850101XY9')).toBe(true);
    expect(isRfc('mom201015ab1')).toBe(false);
    expect(isRfc('MOM2010AB1')).toBe(false);
  });
  it('names the privacy controller, else the legal name, else the shop', () => {
    expect(privacyControllerName(POLICIES, 'Outlet')).toBe('Moda Outlet de México, S.A. de C.V.');
    expect(privacyControllerName({ ...POLICIES, privacyController: 'Datos MX, S.C.' }, 'Outlet')).toBe('Datos MX, S.C.');
    expect(privacyControllerName({ ...POLICIES, seller: { legalName: null, rfc: null, address: null } }, 'Outlet')).toBe('Outlet');
  });
});

describe('sentences', () => {
  it('writes whole pesos and lists', () => {
    expect(pesos(1500)).toBe('$1,500');
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b', 'c'])).toBe('a, b y c');
    expect(daysRange(3, 7)).toBe('3 a 7 días hábiles');
    expect(daysRange(1, 1)).toBe('1 día hábil');
  });
  it('states shipping: free from the amount, its cost below it, or always its cost', () => {
    expect(freeShippingSentence(POLICIES)).toBe('Envío gratis en compras desde $1,500.');
    expect(shippingCostSentence(POLICIES)).toBe('En compras menores, el envío cuesta $149 por pedido.');
    const never = { ...POLICIES, freeShippingMin: null };
    expect(freeShippingSentence(never)).toBe('El envío cuesta $149 por pedido.');
    expect(shippingCostFor(never, 99_999)).toBe(149);
    expect(shippingCostFor(POLICIES, 1500)).toBe(0);
    expect(shippingCostFor(POLICIES, 1499.99)).toBe(149);
  });
  it('states delivery per zone and over all zones', () => {
    expect(deliveryLines(POLICIES)).toEqual([
      'Ciudad de México y área metropolitana: de 3 a 7 días hábiles',
      'Resto de la República: de 5 a 10 días hábiles',
    ]);
    expect(deliveryRange(POLICIES)).toEqual({ min: 3, max: 10 });
    expect(deliverySentence(POLICIES)).toBe('Tu pedido llega en 3 a 10 días hábiles a partir de la confirmación del pago, según tu zona.');
  });
  it('states returns, the legal revocation and payment', () => {
    expect(returnsSentence(POLICIES)).toContain('Tienes 30 días naturales a partir de la entrega');
    expect(returnsSentence({ ...POLICIES, freeReturns: false })).toContain('corre por tu cuenta');
    expect(revocationSentence(POLICIES)).toContain('dentro de los 5 días hábiles siguientes a la entrega');
    expect(paymentSentence(POLICIES)).toBe('Formas de pago: Tarjeta de crédito o débito y PayPal.');
    expect(installmentsSentence(POLICIES)).toBe(
      'En compras desde $1,000 puedes pagar a 3 y 6 meses sin intereses con tarjetas participantes.',
    );
    expect(policySummary(POLICIES)).toBe('Envío gratis desde $1,500 · Devoluciones hasta 30 días naturales después de la entrega');
  });
});
