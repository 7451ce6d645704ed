/**
 * The printed card says where to sign in (issue 22, point 10): the portal's public address
 * (PUBLIC_URL), or nothing when there is none to trust.
 */
import { describe, expect, it } from 'vitest';
import { textoDelPdf } from '../../test/pdf';
import { tarjetaEnPdf, type TarjetaImprimible } from './tarjeta-pdf';
import { generarValores } from './tarjetas';

const TARJETA: TarjetaImprimible = {
  terminal: 'Terminal Puerto Acopio S.A.',
  usuario: 'jperez',
  empresa: 'Agroexportadora del Litoral S.A.',
  ctrltarjeta: 609163,
  emitida: '26/11/2026 14:03',
  celdas: generarValores(),
};

describe('el PDF de la tarjeta', () => {
  it('dice dónde ingresar: en la hoja y en la tarjeta misma', async () => {
    const texto = await textoDelPdf(
      await tarjetaEnPdf({ ...TARJETA, ingreso: 'https://acopio.example' }),
    );
    // Once in the sheet's instructions, once on the card that is kept.
    expect(texto.match(/Ingrese en https:\/\/acopio\.example/g)).toHaveLength(2);
  });

  it('una dirección larga entra entera en la tarjeta, sin puntos suspensivos', async () => {
    const larga = 'https://portal-de-acopio.terminal-puerto-san-martin.example.com.ar:8443';
    const texto = await textoDelPdf(await tarjetaEnPdf({ ...TARJETA, ingreso: larga }));
    expect(texto.split(larga)).toHaveLength(3);
  });

  it('sin dirección pública no dice ninguna', async () => {
    const texto = await textoDelPdf(await tarjetaEnPdf(TARJETA));
    expect(texto).toContain('jperez');
    expect(texto).not.toContain('Ingrese en');
  });
});
