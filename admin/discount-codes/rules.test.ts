import { describe, expect, it } from 'vitest';
import { codeStatus, daysText, toSaveData, usesText, validateDiscountCode, valueText } from './rules.ts';

const code = {
  activo: true,
  fecha_inicio: null as string | null,
  fecha_fin: null as string | null,
  usos: 3,
  usos_maximos: 10 as number | null,
};

describe('how a code reads in Códigos', () => {
  it('says its discount, its uses and its days', () => {
    expect(valueText({ tipo: 'porcentaje', valor: 10 })).toBe('10%');
    expect(valueText({ tipo: 'porcentaje', valor: 12.5 })).toBe('12.5%');
    expect(valueText({ tipo: 'monto', valor: 200 })).toBe('$200.00');
    expect(usesText({ usos: 3, usos_maximos: 10 })).toBe('3 de 10');
    expect(usesText({ usos: 3, usos_maximos: null })).toBe('3');
    expect(daysText({ fecha_inicio: '2026-12-01', fecha_fin: '2026-12-31' })).toBe('Del 1 dic 2026 al 31 dic 2026');
    expect(daysText({ fecha_inicio: '2026-12-24', fecha_fin: '2026-12-24' })).toBe('Solo el 24 dic 2026');
    expect(daysText({ fecha_inicio: '2026-12-01', fecha_fin: null })).toBe('Desde el 1 dic 2026');
    expect(daysText({ fecha_inicio: null, fecha_fin: '2027-01-06' })).toBe('Hasta el 6 ene 2027');
    expect(daysText({ fecha_inicio: null, fecha_fin: null })).toBe('Sin fechas');
  });

  it('says where it stands today, in the order the shop refuses a code', () => {
    const today = '2026-12-10';
    expect(codeStatus(code, today)).toBe('activo');
    expect(codeStatus({ ...code, activo: false, usos: 10 }, today)).toBe('inactivo');
    expect(codeStatus({ ...code, fecha_inicio: '2026-12-11' }, today)).toBe('programado');
    expect(codeStatus({ ...code, fecha_inicio: '2026-12-10', fecha_fin: '2026-12-10' }, today)).toBe('activo');
    expect(codeStatus({ ...code, fecha_fin: '2026-12-09', usos: 10 }, today)).toBe('vencido');
    expect(codeStatus({ ...code, usos: 10 }, today)).toBe('agotado');
    expect(codeStatus({ ...code, usos: 10, usos_maximos: null as number | null }, today)).toBe('activo');
  });
});

describe('the form', () => {
  const valid = { codigo: 'bienvenida', tipo: 'porcentaje', valor: 10, alcance: 'tienda', activo: true };

  it('asks what the database asks, in its words', () => {
    expect(validateDiscountCode(valid)).toEqual({});
    expect(validateDiscountCode({ ...valid, codigo: ' ' })).toEqual({ codigo: 'Escribe el código' });
    expect(validateDiscountCode({ ...valid, codigo: 'año nuevo' })).toEqual({
      codigo: 'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos, sin espacios',
    });
    expect(validateDiscountCode({ ...valid, valor: 150 })).toEqual({ valor: 'Un porcentaje de descuento va de 0.01 a 100' });
    expect(validateDiscountCode({ ...valid, tipo: 'monto', valor: 150 })).toEqual({});
    expect(validateDiscountCode({ ...valid, valor: null })).toEqual({ valor: 'El descuento debe ser mayor que cero' });
    expect(validateDiscountCode({ ...valid, alcance: 'marca' })).toEqual({ brand_id: 'Elige la marca a la que aplica el código' });
    expect(validateDiscountCode({ ...valid, fecha_inicio: '2026-12-10', fecha_fin: '2026-12-01' })).toEqual({
      fecha_fin: 'El último día no puede ser anterior al primero',
    });
    expect(validateDiscountCode({ ...valid, usos_maximos: 0, usos_por_conexion: 1.5 })).toEqual({
      usos_maximos: 'Un límite de usos es de al menos 1 (vacío: sin límite)',
      usos_por_conexion: 'Un límite de usos es de al menos 1 (vacío: sin límite)',
    });
    // an edit: the code is not asked again, and the limit may not go under the uses taken
    const { codigo: _, ...edited } = valid;
    expect(validateDiscountCode({ ...edited, usos_maximos: 2, usos: 3 }, true)).toEqual({
      usos_maximos: 'El código ya tiene 3 usos: el límite no puede ser menor',
    });
  });

  it('writes the team’s columns, blanks as none, the code tidied only when creating', () => {
    expect(
      toSaveData({
        ...valid,
        codigo: ' influencer10 ',
        alcance: 'marca',
        brand_id: 'b',
        category_id: 'c',
        compra_minima: 0,
        descripcion: '  ',
      }),
    ).toEqual({
      codigo: 'INFLUENCER10',
      descripcion: null,
      tipo: 'porcentaje',
      valor: 10,
      alcance: 'marca',
      campaign_id: null,
      category_id: null,
      brand_id: 'b',
      compra_minima: null,
      fecha_inicio: null,
      fecha_fin: null,
      usos_maximos: null,
      usos_por_conexion: null,
      activo: true,
    });
    expect(toSaveData({ ...valid, usos_maximos: 10 }, true)).not.toHaveProperty('codigo');
  });
});
