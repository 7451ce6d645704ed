import { describe, expect, it } from 'vitest';
import { legible } from './cambios';

describe('legible', () => {
  it('el texto como es; números y Sí/No como texto; lo demás, JSON con sangría', () => {
    expect(legible('a')).toBe('a');
    expect(legible(2)).toBe('2');
    expect(legible(null)).toBeNull();
    expect(legible({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
