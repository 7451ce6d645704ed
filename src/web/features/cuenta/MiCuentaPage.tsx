import '../../components/tabla-apilada.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { IngresoPropio, MiCuenta, SesionPropia } from '../../../shared/contracts/cuenta';
import { fechaDdMmAaaaHhMm } from '../../../shared/formato';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { useConfirmar } from '../../components/Confirmar';
import { mensajeDeError } from '../../lib/api-client';
import { cerrarOtrasSesionesMutation, cerrarSesionMutation, cuentaQuery } from './api';
import { CorreoYAvisos } from './CorreoYAvisos';
import { navegadorLegible } from './navegador';

/** '2026-11-21T14:03:22' → '21/11/2026 14:03:22': two sign-ins in one minute are told apart. */
function fechaConSegundos(valor: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : valor;
}

const RESULTADOS: Record<IngresoPropio['resultado'], { texto: string; bg: string; text?: 'dark' }> =
  {
    ingreso: { texto: 'Ingreso', bg: 'success' },
    fallido: { texto: 'Intento fallido', bg: 'warning', text: 'dark' },
    bloqueo: { texto: 'Bloqueo', bg: 'danger' },
  };

/**
 * 'Mi cuenta' (issue 14, every signed-in user): my card, my e-mail address and notices (issue
 * 25), my open sessions (close one, or all but this one) and my last sign-ins and failed attempts.
 */
export function MiCuentaPage() {
  const cuenta = useQuery(cuentaQuery);

  let contenido;
  if (cuenta.isError) contenido = <AlgoSalioMal error={cuenta.error} />;
  else if (cuenta.isPending) contenido = <Cargando />;
  else {
    contenido = (
      <>
        <DatosCuenta cuenta={cuenta.data} />
        <CorreoYAvisos />
        <Sesiones sesiones={cuenta.data.sesiones} />
        <Ingresos ingresos={cuenta.data.ingresos} />
      </>
    );
  }

  return (
    <section>
      <h1 className="titulo-pantalla">Mi cuenta</h1>
      {contenido}
    </section>
  );
}

function DatosCuenta({ cuenta }: { cuenta: MiCuenta }) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <dl className="row mb-0">
          <dt className="col-sm-4 col-lg-3">Usuario</dt>
          <dd className="col-sm-8 col-lg-9">{cuenta.usuario}</dd>
          <dt className="col-sm-4 col-lg-3">Empresa</dt>
          <dd className="col-sm-8 col-lg-9">
            {cuenta.codempre} - {cuenta.nomempre}
          </dd>
          <dt className="col-sm-4 col-lg-3">Tarjeta de coordenadas</dt>
          <dd className="col-sm-8 col-lg-9 mb-0">
            {cuenta.tarjeta ? (
              <>
                N° {cuenta.tarjeta.ctrl}, emitida el {fechaDdMmAaaaHhMm(cuenta.tarjeta.emitida)}
              </>
            ) : (
              <span className="text-secondary">Sin tarjeta vigente</span>
            )}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}

function Sesiones({ sesiones }: { sesiones: SesionPropia[] }) {
  const confirmar = useConfirmar();
  const cerrar = useMutation({
    ...cerrarSesionMutation,
    onSuccess: () => avisos.exito('Sesión cerrada.'),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const cerrarOtras = useMutation({
    ...cerrarOtrasSesionesMutation,
    onSuccess: ({ cerradas }) =>
      avisos.exito(cerradas === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${cerradas} sesiones.`),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const otras = sesiones.filter((s) => !s.actual).length;
  const ocupado = cerrar.isPending || cerrarOtras.isPending;

  const pedirCerrar = async (s: SesionPropia) => {
    const donde = navegadorLegible(s.navegador);
    if (
      await confirmar(
        `¿Cierra la sesión iniciada el ${fechaConSegundos(s.iniciada)} en ${donde}? Ese navegador vuelve al ingreso.`,
        { accion: 'Cerrar sesión' },
      )
    ) {
      cerrar.mutate(s.id);
    }
  };
  const pedirCerrarOtras = async () => {
    if (
      await confirmar(
        `¿Cierra ${otras === 1 ? 'la otra sesión' : `las otras ${otras} sesiones`}? Esta sigue abierta.`,
        { accion: 'Cerrar las demás' },
      )
    ) {
      cerrarOtras.mutate();
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 className="h5 mb-0">Sesiones abiertas</h2>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={otras === 0 || ocupado}
          onClick={() => void pedirCerrarOtras()}
        >
          {cerrarOtras.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Cerrar las demás sesiones
        </Button>
      </div>
      <div className="tabla-desplazable position-relative mb-4">
        <Table striped size="sm" className="align-middle bg-white tabla-apilada">
          <caption className="visually-hidden">Sesiones abiertas</caption>
          <thead>
            <tr>
              <th>Iniciada</th>
              <th>Última actividad</th>
              <th>Navegador</th>
              <th>IP</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sesiones.map((s) => (
              <tr key={s.id}>
                <td className="text-nowrap" data-etiqueta="Iniciada">
                  {fechaConSegundos(s.iniciada)}
                </td>
                <td className="text-nowrap" data-etiqueta="Última actividad">
                  {fechaConSegundos(s.ultimaActividad)}
                </td>
                <td title={s.navegador} data-etiqueta="Navegador">
                  {navegadorLegible(s.navegador)}
                </td>
                <td className="text-break" data-etiqueta="IP">
                  {s.ip ?? '—'}
                </td>
                <td className="text-end text-nowrap">
                  {s.actual ? (
                    <Badge bg="success">Esta sesión</Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={ocupado}
                      onClick={() => void pedirCerrar(s)}
                      aria-label={`Cerrar la sesión iniciada el ${fechaConSegundos(s.iniciada)} en ${navegadorLegible(s.navegador)}`}
                    >
                      Cerrar
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

function Ingresos({ ingresos }: { ingresos: IngresoPropio[] }) {
  return (
    <>
      <h2 className="h5">Últimos ingresos</h2>
      <div className="tabla-desplazable position-relative">
        <Table striped size="sm" className="align-middle bg-white tabla-apilada">
          <caption className="visually-hidden">Últimos ingresos e intentos fallidos</caption>
          <thead>
            <tr>
              <th>Fecha</th>
              <th>IP</th>
              <th>Resultado</th>
            </tr>
          </thead>
          <tbody>
            {ingresos.length === 0 ? (
              <tr>
                <td colSpan={3} className="text-center text-secondary py-3">
                  No hay ingresos registrados.
                </td>
              </tr>
            ) : (
              ingresos.map((i, n) => {
                const r = RESULTADOS[i.resultado];
                return (
                  <tr key={`${i.fecha}-${n}`}>
                    <td className="text-nowrap" data-etiqueta="Fecha">
                      {fechaConSegundos(i.fecha)}
                    </td>
                    <td className="text-break" data-etiqueta="IP">
                      {i.ip ?? '—'}
                    </td>
                    <td data-etiqueta="Resultado">
                      <Badge bg={r.bg} text={r.text}>
                        {r.texto}
                      </Badge>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </Table>
      </div>
    </>
  );
}
