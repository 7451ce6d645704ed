/**
 * Step-up for sensitive acts (issuing a card, creating a service token, creating an
 * administrator): the server refuses them with 403 'Confirme su identidad…' unless this session
 * confirmed two fresh cells of the administrator's own card in the last 5 minutes.
 *
 * `const conReautenticacion = useConReautenticacion();`
 * `const r = await conReautenticacion(() => api.post(...));` runs the act; when the server asks
 * for the step-up it shows the dialog, and once the cells are right runs the act again. It gives
 * `undefined` when the administrator cancels the dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { MENSAJES_ADMINISTRACION } from '../../shared/textos';
import { api, ErrorApi, mensajeDeError } from '../lib/api-client';
import { desafioValido, validarCoordenada, type DesafioIngreso } from '../lib/coordenadas';
import { CampoCoordenada } from './CampoCoordenada';

type ConReautenticacion = <T>(accion: () => Promise<T>) => Promise<T | undefined>;

const Contexto = createContext<ConReautenticacion | null>(null);

export const pideReautenticacion = (e: unknown) =>
  e instanceof ErrorApi &&
  e.status === 403 &&
  e.msj === MENSAJES_ADMINISTRACION.reautenticacionRequerida;

export function ReautenticacionProvider({ children }: { children: ReactNode }) {
  const [abierto, setAbierto] = useState(false);
  const resolver = useRef<((confirmada: boolean) => void) | null>(null);

  const pedir = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setAbierto(true);
      }),
    [],
  );

  const conReautenticacion = useCallback<ConReautenticacion>(
    async (accion) => {
      try {
        return await accion();
      } catch (e) {
        if (!pideReautenticacion(e)) throw e;
      }
      return (await pedir()) ? accion() : undefined;
    },
    [pedir],
  );

  const terminar = (confirmada: boolean) => {
    resolver.current?.(confirmada);
    resolver.current = null;
    setAbierto(false);
  };

  return (
    <Contexto.Provider value={conReautenticacion}>
      {children}
      <Modal show={abierto} onHide={() => terminar(false)} centered aria-labelledby="reaut-titulo">
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="reaut-titulo" as="h2" className="h5">
            Confirme su identidad
          </Modal.Title>
        </Modal.Header>
        {abierto && (
          <DialogoCoordenadas
            onConfirmada={() => terminar(true)}
            onCancelar={() => terminar(false)}
          />
        )}
      </Modal>
    </Contexto.Provider>
  );
}

export function useConReautenticacion(): ConReautenticacion {
  const valor = useContext(Contexto);
  if (!valor) throw new Error('useConReautenticacion fuera de ReautenticacionProvider');
  return valor;
}

type Campo = 'coordenada1' | 'coordenada2';

/** Asks for a new challenge of the administrator's own card, then checks the two cells. */
function DialogoCoordenadas(props: { onConfirmada: () => void; onCancelar: () => void }) {
  // Each try gets its own challenge (wrong cells use it up, as at sign-in); a query so the
  // dialog asks once per try even when React renders it twice.
  const [intento, setIntento] = useState(0);
  const pedido = useQuery({
    queryKey: ['reautenticacion', intento],
    queryFn: async () => {
      const respuesta = await api.post('/api/auth/reautenticacion/desafio', undefined, {
        sinRedireccionEn401: true,
      });
      const valido = desafioValido(respuesta);
      if (!valido) throw new Error('desafío inválido');
      return valido;
    },
    retry: false,
    gcTime: 0,
  });
  const desafio: DesafioIngreso | undefined = pedido.data;
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ defaultValues: { coordenada1: '', coordenada2: '' } });

  const enviar = handleSubmit(async (valores) => {
    if (!desafio) return;
    setError(null);
    setEnviando(true);
    try {
      await api.post(
        '/api/auth/reautenticacion',
        {
          solicitadas: desafio.solicitadas,
          ingresadas: {
            coordenada1: Number(valores.coordenada1),
            coordenada2: Number(valores.coordenada2),
          },
          tarjeta: desafio.tarjeta,
        },
        { sinRedireccionEn401: true },
      );
      props.onConfirmada();
    } catch (e) {
      // Wrong cells use up this challenge (as at sign-in): the next try gets two new ones.
      setError(mensajeDeError(e));
      reset();
      setIntento((n) => n + 1);
    } finally {
      setEnviando(false);
    }
  });

  const campo = (nombre: Campo, indice: 0 | 1) => (
    <CampoCoordenada
      id={`reaut-${nombre}`}
      coordenada={desafio!.solicitadas[indice]}
      autoFocus={indice === 0}
      registro={register(nombre, { validate: validarCoordenada })}
      error={errors[nombre]?.message}
    />
  );

  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      <Modal.Body>
        <p>{MENSAJES_ADMINISTRACION.reautenticacionRequerida}</p>
        {(error ?? pedido.error) && (
          <Alert variant="danger" role="alert">
            {error ?? mensajeDeError(pedido.error)}
          </Alert>
        )}
        {desafio ? (
          <>
            <p className="text-secondary small">Tarjeta N° {desafio.tarjeta}</p>
            {campo('coordenada1', 0)}
            {campo('coordenada2', 1)}
          </>
        ) : (
          !pedido.error && <Spinner size="sm" role="status" aria-label="Cargando" />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onCancelar}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!desafio || enviando}>
          {enviando && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Confirmar
        </Button>
      </Modal.Footer>
    </Form>
  );
}
