import { describe, expect, it } from 'vitest';
import { cutDescription, defaultDescription, descriptionText, sanitizeDescription } from './description.ts';

describe('sanitizeDescription', () => {
  it('keeps simple formatting and drops attributes', () => {
    expect(sanitizeDescription('<p class="x" style="color:red">Hola <strong>mundo</strong></p><ul><li>Uno</li></ul>')).toBe(
      '<p>Hola <strong>mundo</strong></p><ul><li>Uno</li></ul>',
    );
  });
  it('removes scripts, event handlers, links and images', () => {
    const out = sanitizeDescription('<p onclick="x()">A</p><script>alert(1)</script><img src=x onerror=y><a href="javascript:z">B</a>');
    expect(out).toBe('<p>A</p>B');
  });
  it('gives an empty string for nothing', () => {
    expect(sanitizeDescription(null)).toBe('');
    expect(sanitizeDescription('   ')).toBe('');
  });
});

describe('descriptionText', () => {
  it('makes each paragraph and list item a sentence and decodes entities', () => {
    expect(descriptionText('<p>Tenis &amp; más.</p><ul><li>Piel</li><li>Suela</li></ul>')).toBe('Tenis & más. Piel. Suela');
  });
  it('reads plain text as is', () => {
    expect(descriptionText('  Chamarra   de mezclilla. ')).toBe('Chamarra de mezclilla.');
  });
});

describe('cutDescription', () => {
  it('leaves 200 characters or fewer alone', () => {
    const t = 'a'.repeat(200);
    expect(cutDescription(t)).toBe(t);
  });
  it('cuts longer text to 197 characters plus an ellipsis (200 in all)', () => {
    const out = cutDescription('b'.repeat(201));
    expect(out).toBe(`${'b'.repeat(197)}...`);
    expect(out).toHaveLength(200);
  });
  it('does not leave a space before the ellipsis', () => {
    const out = cutDescription(`${'c'.repeat(196)} ${'d'.repeat(10)}`);
    expect(out).toBe(`${'c'.repeat(196)}...`);
  });
});

describe('defaultDescription', () => {
  it('names the brand when there is one', () => {
    expect(defaultDescription('Nike')).toContain('Producto original de Nike');
    expect(defaultDescription(' ')).toContain('Producto original,');
  });
});
