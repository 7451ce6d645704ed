/**
 * The administrator's reminder for a survey (issue 16), on its answers screen: when the last one
 * went out and to how many, and 'Enviar recordatorio', which first says how many users it will
 * reach. The recontact rule (at most once every 7 days per survey and user) is the server's; this
 * screen only tells its figures.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import type { EstadoRecordatorio } from '../../../shared/contracts/encuestas';
import { DIAS_ENTRE_RECORDATORIOS } from '../../../shared/encuestas';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { avisos } from '../../components/avisos';
import { useConfirmar } from '../../components/Confirmar';
import { enviarRecordatorioMutation, estadoRecordatorioQuery, msjDelServidor } from './api';

const usuarios = (n: number) => `${n} usuario(s)`;

/** The omitted users, in words; empty when there are none. */
const omitidosEnPalabras = (n: number) =>
  n === 0
    ? ''
    : ` ${usuarios(n)} ya recibieron uno en los últimos ${DIAS_ENTRE_RECORDATORIOS} días y no se les envía otro.`;

export function mensajeConfirmacion(e: EstadoRecordatorio): string {
  return (
    `¿Enviar un recordatorio a ${usuarios(e.alcanzaria)} que todavía no respondieron esta encuesta?` +
    ' Lo verán al ingresar.' +
    omitidosEnPalabras(e.pendientes - e.alcanzaria)
  );
}

export function mensajeEnviado(r: { enviados: number; omitidos: number }): string {
  return `Recordatorio enviado a ${usuarios(r.enviados)}.${omitidosEnPalabras(r.omitidos)}`;
}

/** Why there is nobody to remind now, or null when there is someone. */
function sinDestinatarios(e: EstadoRecordatorio): string | null {
  if (e.pendientes === 0) return 'Ningún usuario tiene esta encuesta pendiente.';
  if (e.alcanzaria === 0) {
    return `Todos los usuarios con la encuesta pendiente recibieron un recordatorio en los últimos ${DIAS_ENTRE_RECORDATORIOS} días.`;
  }
  return null;
}

export function RecordatorioEncuesta({ id }: { id: number }) {
  const estado = useQuery(estadoRecordatorioQuery(id));
  const enviar = useMutation(enviarRecordatorioMutation);
  const confirmar = useConfirmar();

  const alEnviar = async () => {
    // The count the dialog names is today's, not the one loaded with the screen.
    const { data: actual, error } = await estado.refetch();
    if (!actual) {
      avisos.error(msjDelServidor(error, 'Error al consultar los recordatorios'));
      return;
    }
    const motivo = sinDestinatarios(actual);
    if (motivo) {
      avisos.advertencia(motivo);
      return;
    }
    if (!(await confirmar(mensajeConfirmacion(actual), { accion: 'Enviar recordatorio' }))) return;
    enviar.mutate(
      { id },
      {
        onSuccess: (r) => avisos.exito(mensajeEnviado(r)),
        onError: (e) => avisos.error(msjDelServidor(e, 'Error al enviar el recordatorio')),
      },
    );
  };

  const e = estado.data;
  const motivo = e ? sinDestinatarios(e) : null;
  return (
    <section
      aria-labelledby="titulo-recordatorio"
      className="d-flex flex-wrap align-items-center gap-2 mb-3 d-print-none"
    >
      <h2 id="titulo-recordatorio" className="visually-hidden">
        Recordatorio
      </h2>
      <Button
        variant="outline-primary"
        onClick={() => void alEnviar()}
        disabled={!e || motivo !== null || enviar.isPending}
      >
        {enviar.isPending ? 'Enviando...' : 'Enviar recordatorio'}
      </Button>
      <p className="small text-secondary mb-0 me-auto" aria-live="polite">
        {estado.isError
          ? 'No se pudo consultar el último recordatorio.'
          : !e
            ? 'Consultando recordatorios…'
            : [
                e.ultimo
                  ? `Último recordatorio: ${fechaDdMmAaaaHhMm(e.ultimo.EnviadoEn)}, a ${usuarios(e.ultimo.usuarios)}.`
                  : 'Todavía no se envió ningún recordatorio.',
                motivo ??
                  `Llegaría a ${usuarios(e.alcanzaria)} de ${e.pendientes} con la encuesta pendiente.`,
              ].join(' ')}
      </p>
    </section>
  );
}
