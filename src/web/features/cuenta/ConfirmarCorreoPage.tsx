/**
 * The page the confirmation e-mail's link opens (issue 25): /cuenta/correo?token=…. It sends the
 * token to the public confirm route at once and says how it went. It works signed in or not (the
 * link may be opened on a phone where the portal was never used; docs/decisions.md, "Confirmar
 * un correo sin sesión"). The token leaves the address bar as soon as it is read, so it stays in
 * neither the history nor a shared screenshot.
 */
import './cuenta.css';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useNavigate } from 'react-router';
import { FORMA_TOKEN_CORREO } from '../../../shared/correo';
import { TEXTOS_CORREO as T } from '../../../shared/textos';
import { Cargando } from '../../components/Cargando';
import { mensajeDeError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useEstadoSesion } from '../../lib/sesion';
import { confirmarCorreoMutation } from './api';

export function ConfirmarCorreoPage() {
  const { search, pathname } = useLocation();
  const navegar = useNavigate();
  // Read once: the address bar loses it right after.
  const [token] = useState(() => new URLSearchParams(search).get('token')?.trim() ?? '');
  const completo = FORMA_TOKEN_CORREO.test(token);
  const sesion = useEstadoSesion();
  const confirmar = useMutation(confirmarCorreoMutation);
  const enviado = useRef(false);

  useEffect(() => {
    if (enviado.current) return;
    enviado.current = true;
    if (completo) confirmar.mutate(token);
    if (search !== '') void navegar(pathname, { replace: true });
  }, [completo, confirmar, navegar, pathname, search, token]);

  let contenido;
  if (!completo) {
    contenido = (
      <Alert variant="danger">
        <Alert.Heading as="h2" className="h5">
          {T.errorTitulo}
        </Alert.Heading>
        <p className="mb-0">{T.enlaceIncompleto}</p>
      </Alert>
    );
  } else if (confirmar.isSuccess) {
    contenido = (
      <Alert variant="success">
        <Alert.Heading as="h2" className="h5">
          {T.confirmadaTitulo}
        </Alert.Heading>
        <p className="mb-0">{T.confirmadaDetalle(confirmar.data.correo)}</p>
      </Alert>
    );
  } else if (confirmar.isError) {
    contenido = (
      <Alert variant="danger">
        <Alert.Heading as="h2" className="h5">
          {T.errorTitulo}
        </Alert.Heading>
        {/* The server's words: unknown or used (400), expired (409). */}
        <p>{mensajeDeError(confirmar.error)}</p>
        <p className="mb-0">{T.pedirOtro}</p>
      </Alert>
    );
  } else {
    contenido = <Cargando />;
  }

  const terminado = !completo || confirmar.isSuccess || confirmar.isError;
  return (
    <main className="confirmar-correo">
      <h1 className="titulo-pantalla">{T.confirmarTitulo}</h1>
      <div aria-live="polite">{contenido}</div>
      {terminado && sesion.estado !== 'verificando' && (
        <p className="mt-3">
          {sesion.estado === 'activa' ? (
            <Link to={paths.cuenta} className="btn btn-primary">
              {T.irAMiCuenta}
            </Link>
          ) : (
            <Link to={paths.inicio} className="btn btn-primary">
              {T.irAlIngreso}
            </Link>
          )}
        </p>
      )}
    </main>
  );
}
