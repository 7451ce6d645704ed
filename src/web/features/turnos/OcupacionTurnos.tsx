/**
 * The administrator's day (issue 24, point 5): per unit (and dispatch type) and day, each band's
 * booked / capacity / arrived / no-show, followed live on the yard's stream: a turn notice for
 * the day shown reads the counts again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import type { EventoTurno } from '../../../shared/contracts/en-vivo';
import { franjaHoraria } from '../../../shared/formato';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { Cargando } from '../../components/Cargando';
import { IndicadorEnVivo } from '../../components/IndicadorEnVivo';
import { claves } from '../../lib/claves';
import { useSeguirPlaya } from '../../lib/useSeguirPlaya';
import { ocupacionQuery } from './api';
import { afectaA, totales } from './franjas';
import '../../components/tabla-tarjetas.css';

export function OcupacionTurnos(props: {
  unineg: number | undefined;
  coddespacho: number | null;
  fecha: string;
}) {
  const { unineg, coddespacho, fecha } = props;
  const cliente = useQueryClient();
  const filtros = unineg !== undefined && fecha ? { unineg, coddespacho, fecha } : undefined;
  const ocupacion = useQuery(ocupacionQuery(filtros));
  const recargar = () =>
    void cliente.invalidateQueries({ queryKey: claves.turnos.ocupacion(filtros ?? {}) });
  const seguimiento = useSeguirPlaya({
    camion: () => undefined,
    turno: (e: EventoTurno) => {
      if (afectaA(e, { unineg, fecha })) recargar();
    },
    perdidos: () => recargar(),
  });

  if (!filtros) return null;
  if (ocupacion.isPending) return <Cargando />;
  if (ocupacion.isError) return <AlgoSalioMal />;
  const franjas = ocupacion.data.franjas;
  const t = totales(franjas);
  return (
    <section aria-labelledby="ocupacion-titulo">
      <h2 id="ocupacion-titulo" className="h5">
        Ocupación del día
      </h2>
      <IndicadorEnVivo {...seguimiento} />
      {franjas.length > 0 && (
        <p className="small mb-2" data-testid="totales-dia">
          Total del día: {t.reservados} reservados de {t.capacidad} lugares · {t.presentes}{' '}
          presentes · {t.ausentes} ausentes
        </p>
      )}
      {franjas.length === 0 ? (
        <p className="text-body-secondary">Ese día no tiene franjas con capacidad.</p>
      ) : (
        <Table className="tabla-tarjetas align-middle" size="sm" aria-label="Franjas del día">
          <thead>
            <tr>
              <th scope="col">Franja</th>
              <th scope="col">Reservados / capacidad</th>
              <th scope="col">Presentes</th>
              <th scope="col">Ausentes</th>
              <th scope="col">Pausa</th>
            </tr>
          </thead>
          <tbody>
            {franjas.map((f) => (
              <tr
                key={f.hora}
                data-hora={f.hora}
                className={
                  f.pausa
                    ? 'table-warning'
                    : f.reservados >= f.capacidad
                      ? 'table-danger'
                      : undefined
                }
              >
                <th scope="row">{franjaHoraria(f.hora)}</th>
                <td data-etiqueta="Reservados / capacidad">
                  <span className="valor" data-testid="reservados">
                    {f.reservados} / {f.capacidad}
                  </span>
                </td>
                <td data-etiqueta="Presentes">
                  <span className="valor">{f.presentes}</span>
                </td>
                <td data-etiqueta="Ausentes">
                  <span className="valor">{f.ausentes}</span>
                </td>
                <td data-etiqueta="Pausa">
                  <span className="valor">{f.pausa ?? '—'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
