import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { Coordenada } from '../../../shared/contracts/auth';
import { TEXTOS, TEXTOS_INICIALIZACION } from '../../../shared/textos';
import { PantallaIngreso } from '../../components/PantallaIngreso';
import { detalleDeError, mensajeDeError } from '../../lib/api-client';
import { CAMINO_INICIALIZAR, estadoInicializacionQuery } from '../../lib/inicializacion';
import {
  desafioValido,
  validarCoordenada,
  type DesafioIngreso as Desafio,
} from '../../lib/coordenadas';
import { CampoCoordenada } from '../../components/CampoCoordenada';
import { useCampos } from '../../lib/campos';
import { compararCoordenadasMutation, pedirCoordenadasMutation } from './api';
import { validarUsuario } from './validacion';

/** What the alert says: the server's `msj`, and under it its `detalle` when there is one. */
interface Aviso {
  msj: string;
  detalle?: string | null;
}

const avisoDe = (e: unknown): Aviso => ({ msj: mensajeDeError(e), detalle: detalleDeError(e) });

/** Two-step sign-in with the coordinate card (spec sections 2, 4, 5; design section 3). */
export function LoginPage() {
  const [desafio, setDesafio] = useState<Desafio | null>(null);
  const [error, setError] = useState<Aviso | null>(null);
  // On a database without an administrator nobody can sign in: point to the set-up instead.
  const pendiente = useQuery(estadoInicializacionQuery).data?.pendiente === true;

  return (
    <PantallaIngreso titulo="Portal Acopio">
      {pendiente && (
        <Alert variant="info" className="py-2">
          {TEXTOS_INICIALIZACION.avisoIngreso}{' '}
          <Link to={CAMINO_INICIALIZAR} className="alert-link">
            {TEXTOS_INICIALIZACION.enlaceIngreso}
          </Link>
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="py-2">
          {error.msj}
          {error.detalle && <p className="small mb-0 mt-1">{error.detalle}</p>}
        </Alert>
      )}
      {desafio ? (
        <PasoCoordenadas
          desafio={desafio}
          onError={setError}
          onVolver={() => {
            setError(null);
            setDesafio(null);
          }}
        />
      ) : (
        <PasoUsuario onDesafio={setDesafio} onError={setError} />
      )}
    </PantallaIngreso>
  );
}

function PasoUsuario(props: {
  onDesafio: (d: Desafio) => void;
  onError: (m: Aviso | null) => void;
}) {
  const { campo, errores, enviar: alEnviar } = useCampos({ userName: validarUsuario });
  const pedir = useMutation({
    ...pedirCoordenadasMutation,
    onSuccess: (respuesta) => {
      const desafio = desafioValido(respuesta);
      if (desafio) props.onDesafio(desafio);
      else props.onError({ msj: 'Error' });
    },
    onError: (e) => props.onError(avisoDe(e)),
  });

  const enviar = alEnviar(({ userName }) => {
    props.onError(null);
    pedir.mutate(userName);
  });

  return (
    <Form noValidate onSubmit={enviar}>
      <Form.Group className="mb-3" controlId="userName">
        <Form.Label>Usuario</Form.Label>
        <Form.Control
          autoComplete="username"
          autoFocus
          isInvalid={Boolean(errores.userName)}
          {...campo('userName')}
        />
        <Form.Control.Feedback type="invalid">{errores.userName}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" className="w-100" disabled={pedir.isPending}>
        {pedir.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {TEXTOS.ingresar}
      </Button>
    </Form>
  );
}

function PasoCoordenadas(props: {
  desafio: Desafio;
  onError: (m: Aviso | null) => void;
  onVolver: () => void;
}) {
  const {
    campo: entrada,
    errores,
    vaciar,
    enviar: alEnviar,
  } = useCampos({ coordenada1: validarCoordenada, coordenada2: validarCoordenada });
  const comparar = useMutation({
    ...compararCoordenadasMutation,
    onError: (e) => {
      props.onError(avisoDe(e));
      vaciar();
    },
  });
  const [c1, c2] = props.desafio.solicitadas;

  const enviar = alEnviar((valores) => {
    props.onError(null);
    comparar.mutate({
      solicitadas: props.desafio.solicitadas,
      ingresadas: {
        coordenada1: Number(valores.coordenada1),
        coordenada2: Number(valores.coordenada2),
      },
      tarjeta: props.desafio.tarjeta,
    });
  });

  const campo = (nombre: 'coordenada1' | 'coordenada2', c: Coordenada, autoFocus: boolean) => (
    <CampoCoordenada
      id={nombre}
      coordenada={c}
      autoFocus={autoFocus}
      registro={entrada(nombre)}
      error={errores[nombre]}
    />
  );

  return (
    <Form noValidate onSubmit={enviar}>
      <h2 className="h6 text-center mb-1">{TEXTOS.ingresarCoordenadas}</h2>
      <p className="text-center text-secondary small mb-3">Tarjeta N° {props.desafio.tarjeta}</p>
      {campo('coordenada1', c1, true)}
      {campo('coordenada2', c2, false)}
      <Button type="submit" className="w-100" disabled={comparar.isPending}>
        {comparar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {TEXTOS.ingresar}
      </Button>
      <Button variant="link" className="w-100 mt-2" onClick={props.onVolver}>
        Cambiar de usuario
      </Button>
    </Form>
  );
}
