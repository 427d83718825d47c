import { describe, expect, it } from 'vitest';
import { avisoOf, doneText, emailQuestion, rememberedAviso, vapidKeyBytes } from './alerts.ts';

const ID = '11111111-1111-4111-8111-111111111111';

describe('alerts in the browser', () => {
  it('reads a VAPID public key as the 65 bytes of an uncompressed P-256 point', () => {
    const key = `BA${'A'.repeat(85)}`;
    const bytes = vapidKeyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
  it('takes the alert an open link names, and nothing else', () => {
    expect(avisoOf(`?campaign=x&aviso=${ID}`)).toBe(ID);
    expect(avisoOf('?aviso=<script>')).toBeNull();
    expect(avisoOf('')).toBeNull();
  });
  it('remembers an opened alert for 7 days', () => {
    const now = Date.UTC(2026, 11, 10);
    expect(rememberedAviso(JSON.stringify({ id: ID, at: now - 6 * 86_400_000 }), now)).toBe(ID);
    expect(rememberedAviso(JSON.stringify({ id: ID, at: now - 8 * 86_400_000 }), now)).toBeNull();
    expect(rememberedAviso('no json', now)).toBeNull();
  });
  it('says what the shopper waits for', () => {
    expect(emailQuestion({ kind: 'size', productId: ID, talla: 'M' })).toBe('Escribe tu correo y te avisamos si vuelve la talla M.');
    expect(emailQuestion({ kind: 'campaign', campaignId: ID, campaignName: 'Noche de tenis' })).toBe(
      'Escribe tu correo y te avisamos en cuanto empiece «Noche de tenis».',
    );
    expect(doneText('email', 'ana@correo.mx')).toBe(
      'Listo: te escribiremos a ana@correo.mx. Si es tu primer aviso por correo, confírmalo con el enlace que te enviamos.',
    );
    expect(doneText('push')).toBe('Listo: te avisaremos en este dispositivo.');
  });
});
