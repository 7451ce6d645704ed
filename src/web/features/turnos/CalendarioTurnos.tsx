/**
 * The capacity calendar (issue 24, point 1), for administrators: the weekly template (trucks per
 * hour per weekday), the chosen day's exceptions, copying a week forward, and pausing a band or
 * the whole day with a reason — listing the bookings to move — and resuming.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import {
  useForm,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { PausarRespuesta } from '../../../shared/contracts/turnos';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { mensajeDeError } from '../../lib/api-client';
import {
  calendarioQuery,
  copiarSemanaMutation,
  excepcionesMutation,
  pausarMutation,
  plantillaMutation,
  reanudarMutation,
} from './api';
import { hoyMas } from './dias';
import {
  excepcionesConCapacidad,
  grillaSemanal,
  horasEntre,
  plantillaConCapacidad,
} from './franjas';

const DIAS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];
const numero = { valueAsNumber: true } as const;

interface Calendario {
  unineg: number;
  coddespacho: number | null;
}

/** A labelled input with its Spanish error under it. */
function Campo(props: {
  id: string;
  etiqueta: string;
  registro: UseFormRegisterReturn;
  errores: FieldErrors;
  tipo?: string;
  children?: ReactNode;
}) {
  const error = props.errores[props.registro.name]?.message as string | undefined;
  return (
    <Form.Group controlId={props.id}>
      <Form.Label>{props.etiqueta}</Form.Label>
      {props.children ? (
        <Form.Select {...props.registro} isInvalid={!!error} aria-describedby={`${props.id}-error`}>
          {props.children}
        </Form.Select>
      ) : (
        <Form.Control
          type={props.tipo ?? 'number'}
          {...props.registro}
          isInvalid={!!error}
          aria-describedby={`${props.id}-error`}
        />
      )}
      <Form.Control.Feedback type="invalid" id={`${props.id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

interface ValoresHoras {
  desde: number;
  hasta: number;
  capacidad: number;
}

/** From hour, to hour and trucks: the same three fields of the template and of a day. */
function CamposHoras<V extends ValoresHoras>(props: {
  prefijo: string;
  etiquetaCapacidad: string;
  register: UseFormRegister<V>;
  errores: FieldErrors<V>;
}) {
  // The three names exist in every V: the cast only tells TypeScript so.
  const register = props.register as unknown as UseFormRegister<ValoresHoras>;
  return (
    <>
      {(
        [
          ['desde', 'Desde hora', horaValida],
          ['hasta', 'Hasta hora', horaValida],
          ['capacidad', props.etiquetaCapacidad, capacidadValida],
        ] as const
      ).map(([nombre, etiqueta, reglas]) => (
        <Col xs={4} key={nombre}>
          <Campo
            id={`${props.prefijo}-${nombre}`}
            etiqueta={etiqueta}
            registro={register(nombre, { ...numero, ...reglas })}
            errores={props.errores}
          />
        </Col>
      ))}
    </>
  );
}

const horaValida = {
  required: 'Indique la hora.',
  min: { value: 0, message: 'De 0 a 23.' },
  max: { value: 23, message: 'De 0 a 23.' },
};
const capacidadValida = {
  required: 'Indique la capacidad.',
  min: { value: 0, message: 'No puede ser negativa.' },
  max: { value: 10000, message: 'Como mucho 10000.' },
};

function FormPlantilla({
  cal,
  plantilla,
}: {
  cal: Calendario;
  plantilla: Parameters<typeof plantillaConCapacidad>[0];
}) {
  const { register, handleSubmit, formState, setError } = useForm<{
    dias: string[];
    desde: number;
    hasta: number;
    capacidad: number;
  }>({ defaultValues: { dias: ['1', '2', '3', '4', '5'], desde: 8, hasta: 17, capacidad: 4 } });
  const guardar = useMutation({
    ...plantillaMutation,
    onSuccess: () => avisos.exito('Plantilla guardada'),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const enviar = handleSubmit((v) => {
    const horas = horasEntre(v.desde, v.hasta);
    if (typeof horas === 'string') return setError('hasta', { message: horas });
    if (v.dias.length === 0) return setError('dias', { message: 'Elija al menos un día.' });
    guardar.mutate({
      ...cal,
      franjas: plantillaConCapacidad(plantilla, v.dias.map(Number), horas, v.capacidad),
    });
  });
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} aria-label="Plantilla semanal">
      <fieldset className="mb-2">
        <legend className="form-label fs-6">Días</legend>
        {DIAS.map((d, i) => (
          <Form.Check
            inline
            key={d}
            id={`plantilla-dia-${i + 1}`}
            label={d}
            value={String(i + 1)}
            {...register('dias')}
          />
        ))}
        {formState.errors.dias && (
          <div className="invalid-feedback d-block">{formState.errors.dias.message}</div>
        )}
      </fieldset>
      <Row className="g-2 align-items-end">
        <CamposHoras
          prefijo="plantilla"
          etiquetaCapacidad="Camiones por hora"
          register={register}
          errores={formState.errors}
        />
        <Col xs={12}>
          <Button type="submit" disabled={guardar.isPending}>
            Guardar plantilla
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

function FormExcepcion(props: {
  cal: Calendario;
  fecha: string;
  excepciones: Parameters<typeof excepcionesConCapacidad>[0];
}) {
  const { register, handleSubmit, formState, setError } = useForm<{
    desde: number;
    hasta: number;
    capacidad: number;
  }>({ defaultValues: { desde: 12, hasta: 12, capacidad: 0 } });
  const guardar = useMutation({
    ...excepcionesMutation,
    onSuccess: () => avisos.exito('Excepción guardada'),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const enviar = handleSubmit((v) => {
    const horas = horasEntre(v.desde, v.hasta);
    if (typeof horas === 'string') return setError('hasta', { message: horas });
    guardar.mutate({
      ...props.cal,
      fecha: props.fecha,
      franjas: excepcionesConCapacidad(props.excepciones, props.fecha, horas, v.capacidad),
    });
  });
  const propias = props.excepciones.filter((e) => e.fecha === props.fecha);
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} aria-label="Excepción del día">
      <p className="small mb-2">
        {propias.length === 0
          ? 'El día sigue la plantilla.'
          : `Propias: ${propias.map((e) => `${franjaHoraria(e.hora)}: ${e.capacidad}`).join(' · ')}`}
      </p>
      <Row className="g-2 align-items-end">
        <CamposHoras
          prefijo="excepcion"
          etiquetaCapacidad="Camiones (0: cerrada)"
          register={register}
          errores={formState.errors}
        />
        <Col xs={12} className="d-flex gap-2 flex-wrap">
          <Button type="submit" disabled={guardar.isPending}>
            Guardar excepción
          </Button>
          {propias.length > 0 && (
            <Button
              variant="outline-secondary"
              onClick={() => guardar.mutate({ ...props.cal, fecha: props.fecha, franjas: [] })}
            >
              Volver a la plantilla
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}

function FormCopiar({ cal, fecha }: { cal: Calendario; fecha: string }) {
  const { register, handleSubmit, formState } = useForm<{ semanas: number }>({
    defaultValues: { semanas: 1 },
  });
  const copiar = useMutation({
    ...copiarSemanaMutation,
    onSuccess: (r) => avisos.exito(`Semana copiada: ${r.dias} días`),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const enviar = handleSubmit((v) => copiar.mutate({ ...cal, desde: fecha, semanas: v.semanas }));
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} aria-label="Copiar semana">
      <p className="small mb-2">Los 7 días desde el {diaConSemana(fecha)}, tal como están.</p>
      <Row className="g-2 align-items-end">
        <Col xs={6}>
          <Campo
            id="copiar-semanas"
            etiqueta="Semanas siguientes"
            registro={register('semanas', {
              ...numero,
              required: 'Indique las semanas.',
              min: { value: 1, message: 'De 1 a 12.' },
              max: { value: 12, message: 'De 1 a 12.' },
            })}
            errores={formState.errors}
          />
        </Col>
        <Col xs={6}>
          <Button type="submit" disabled={copiar.isPending}>
            Copiar semana
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

function FormPausar({ cal, fecha }: { cal: Calendario; fecha: string }) {
  const { register, handleSubmit, formState, reset } = useForm<{ hora: string; motivo: string }>({
    defaultValues: { hora: '', motivo: '' },
  });
  const [afectados, setAfectados] = useState<PausarRespuesta['afectados'] | null>(null);
  const pausar = useMutation({
    ...pausarMutation,
    onSuccess: (r) => {
      avisos.exito('Pausa registrada');
      setAfectados(r.afectados);
      reset();
    },
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const enviar = handleSubmit((v) =>
    pausar.mutate({
      ...cal,
      fecha,
      hora: v.hora === '' ? null : Number(v.hora),
      motivo: v.motivo,
    }),
  );
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} aria-label="Pausar">
      <Row className="g-2 align-items-end">
        <Col xs={12} sm={4}>
          <Campo
            id="pausa-hora"
            etiqueta="Franja"
            registro={register('hora')}
            errores={formState.errors}
          >
            <option value="">Todo el día</option>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {franjaHoraria(h)}
              </option>
            ))}
          </Campo>
        </Col>
        <Col xs={12} sm={8}>
          <Campo
            id="pausa-motivo"
            etiqueta="Motivo"
            tipo="text"
            registro={register('motivo', {
              required: 'Indique el motivo.',
              validate: (m) => m.trim().length > 0 || 'Indique el motivo.',
              maxLength: { value: 200, message: 'Como mucho 200 caracteres.' },
            })}
            errores={formState.errors}
          />
        </Col>
        <Col xs={12}>
          <Button type="submit" variant="warning" disabled={pausar.isPending}>
            Pausar
          </Button>
        </Col>
      </Row>
      {afectados && (
        <Alert variant={afectados.length ? 'warning' : 'info'} className="mt-3 mb-0" role="status">
          {afectados.length === 0 ? (
            'La pausa no tiene turnos reservados.'
          ) : (
            <>
              <p className="mb-1">Turnos a mover ({afectados.length}):</p>
              <ul className="mb-0">
                {afectados.map((t) => (
                  <li key={t.id}>
                    <span className="font-monospace">{t.codigo}</span> · {t.nomempre} ·{' '}
                    {franjaHoraria(t.hora)} · cupo N° {t.cupo}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
    </Form>
  );
}

export function CalendarioTurnos(props: {
  unineg: number | undefined;
  coddespacho: number | null;
  fecha: string;
}) {
  const { unineg, coddespacho, fecha } = props;
  const cal = unineg === undefined ? undefined : { unineg, coddespacho };
  const hasta = fecha ? hoyMas(13, new Date(`${fecha}T12:00:00`)) : '';
  const calendario = useQuery(
    calendarioQuery(cal && fecha ? { ...cal, desde: fecha, hasta } : undefined),
  );
  const reanudar = useMutation({
    ...reanudarMutation,
    onSuccess: () => avisos.exito('Pausa levantada'),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  if (!cal || !fecha) return null;
  if (calendario.isPending) return <Cargando />;
  if (calendario.isError) return <AlgoSalioMal />;
  const { plantilla, excepciones, pausas } = calendario.data;
  const grilla = grillaSemanal(plantilla);
  return (
    <section aria-labelledby="calendario-titulo" className="turnos-calendario">
      <h2 id="calendario-titulo" className="h5">
        Calendario de capacidad
      </h2>
      <Row className="g-3">
        <Col xs={12} xl={6}>
          <Card body>
            <h3 className="h6">Plantilla semanal: camiones por hora</h3>
            {grilla.length === 0 ? (
              <p className="small text-body-secondary">Sin capacidad: nadie puede reservar.</p>
            ) : (
              <div className="tabla-desplazable mb-3">
                <Table size="sm" className="text-center mb-0" aria-label="Plantilla semanal">
                  <thead>
                    <tr>
                      <th scope="col">Hora</th>
                      {DIAS.map((d) => (
                        <th key={d} scope="col">
                          {d}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {grilla.map((g) => (
                      <tr key={g.hora}>
                        <th scope="row">{String(g.hora).padStart(2, '0')}</th>
                        {g.dias.map((c, i) => (
                          <td key={i}>{c || '—'}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )}
            <FormPlantilla cal={cal} plantilla={plantilla} />
          </Card>
        </Col>
        <Col xs={12} xl={6} className="d-flex flex-column gap-3">
          <Card body>
            <h3 className="h6">Excepción del {diaConSemana(fecha)}</h3>
            <FormExcepcion cal={cal} fecha={fecha} excepciones={excepciones} />
          </Card>
          <Card body>
            <h3 className="h6">Pausar el {diaConSemana(fecha)}</h3>
            <FormPausar cal={cal} fecha={fecha} />
          </Card>
          <Card body>
            <h3 className="h6">Copiar la semana</h3>
            <FormCopiar cal={cal} fecha={fecha} />
          </Card>
          <Card body>
            <h3 className="h6">Pausas vigentes (14 días)</h3>
            {pausas.length === 0 ? (
              <p className="small text-body-secondary mb-0">Ninguna.</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {pausas.map((p) => (
                  <li key={p.id} className="d-flex flex-wrap gap-2 align-items-center mb-2">
                    <span>
                      {diaConSemana(p.fecha)},{' '}
                      {p.hora === null ? 'todo el día' : franjaHoraria(p.hora)}: {p.motivo}
                    </span>
                    <Button
                      size="sm"
                      variant="outline-success"
                      disabled={reanudar.isPending}
                      onClick={() => reanudar.mutate({ pausa: p.id })}
                    >
                      Reanudar
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}
