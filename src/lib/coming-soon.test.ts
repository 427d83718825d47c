import { describe, expect, it } from 'vitest';
import { countdown, countdownSentence, startWording, twoDigits } from './coming-soon.ts';

// 2026-11-28 12:00 in Mexico City (UTC-6 all year)
const NOW = new Date('2026-11-28T18:00:00Z');

describe('startWording', () => {
  it('says the weekday, day, month and hour in Mexico City', () => {
    expect(startWording('2026-12-04T16:00:00Z', NOW)).toBe('Empieza el viernes 4 de diciembre a las 10:00');
    expect(startWording('2026-12-04T10:00:00-06:00', NOW)).toBe('Empieza el viernes 4 de diciembre a las 10:00');
  });

  it("is the day and hour of Mexico City, not the shopper's zone or UTC", () => {
    // 03:30 UTC on the 5th is still the 4th, 21:30, in Mexico City
    expect(startWording('2026-12-05T03:30:00Z', NOW)).toBe('Empieza el viernes 4 de diciembre a las 21:30');
  });

  it("says 'a la 1:05' and 'a las 0:00', on a 24-hour clock", () => {
    expect(startWording('2026-12-06T01:05:00-06:00', NOW)).toBe('Empieza el domingo 6 de diciembre a la 1:05');
    expect(startWording('2026-12-06T00:00:00-06:00', NOW)).toBe('Empieza el domingo 6 de diciembre a las 0:00');
    expect(startWording('2026-12-06T18:45:00-06:00', NOW)).toBe('Empieza el domingo 6 de diciembre a las 18:45');
  });

  it('adds the year only when it is not this one', () => {
    expect(startWording('2027-01-01T10:00:00-06:00', NOW)).toBe('Empieza el viernes 1 de enero de 2027 a las 10:00');
  });

  it('is null for an unreadable instant', () => {
    expect(startWording('nunca', NOW)).toBeNull();
    expect(startWording(null, NOW)).toBeNull();
  });
});

describe('countdown', () => {
  const start = '2026-12-01T10:00:00-06:00';

  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(countdown(start, Date.parse('2026-11-28T12:00:00-06:00'))).toEqual({ days: 2, hours: 22, minutes: 0, seconds: 0, done: false });
    expect(countdown(start, Date.parse('2026-12-01T09:58:30-06:00'))).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 30, done: false });
  });

  it('counts a part of a second as a whole one, so it never shows zero before the start', () => {
    expect(countdown(start, Date.parse('2026-12-01T10:00:00-06:00') - 1)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      done: false,
    });
  });

  it('is done at the start and after it, never negative', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(countdown(start, Date.parse(start))).toEqual(zero);
    expect(countdown(start, Date.parse(start) + 3_600_000)).toEqual(zero);
  });

  it('shows each part with two digits', () => {
    expect([5, 12, 0].map(twoDigits)).toEqual(['05', '12', '00']);
  });
});

describe('countdownSentence', () => {
  const c = (days: number, hours: number, minutes: number, seconds = 0) => ({ days, hours, minutes, seconds, done: false });

  it('names what is left to the minute, in Spanish', () => {
    expect(countdownSentence(c(2, 5, 12, 9))).toBe('Faltan 2 días, 5 horas y 12 minutos');
    expect(countdownSentence(c(1, 0, 30))).toBe('Falta 1 día y 30 minutos');
    expect(countdownSentence(c(0, 1, 0))).toBe('Falta 1 hora');
    expect(countdownSentence(c(0, 0, 3))).toBe('Faltan 3 minutos');
    expect(countdownSentence(c(0, 0, 0, 40))).toBe('Falta menos de un minuto');
  });

  it('says it started once done', () => {
    expect(countdownSentence({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true })).toBe('¡Ya empezó!');
  });
});
