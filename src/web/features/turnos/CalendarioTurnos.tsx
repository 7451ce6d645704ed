/**
 * The capacity calendar (issue 24, point 1), for administrators: the weekly template (trucks per
 * hour per weekday), the chosen day's exceptions, copying a week forward, and pausing a band or
 * the whole day with a reason — listing the bookings to move — and resuming.
 */
import { useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
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
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type {
  CopiarSemanaBody,
  GuardarExcepcionesBody,
  GuardarPlantillaBody,
  PausarRespuesta,
} from '../../../shared/contracts/turnos';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { mensajeDeError } from '../../lib/api-client';
import { marcasDeError } from '../../lib/errores-de-campo';
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
        <Form.Select {...props.registro} {...marcasDeError(!!error, `${props.id}-error`)}>
          {props.children}
        </Form.Select>
      ) : (
        <Form.Control
          type={props.tipo ?? 'number'}
          {...props.registro}
          {...marcasDeError(!!error, `${props.id}-error`)}
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

/**
 * One editor of the calendar: its values in react-hook-form, its checks, its save as a mutation
 * with a success toast (or the server's refusal as a toast), and the same frame of fields and
 * button. `cuerpo` builds the API's body from the values, or marks a field and answers nothing.
 */
function EditorCalendario<V extends FieldValues, C, R>(props: {
  etiqueta: string;
  valores: DefaultValues<V>;
  mutacion: UseMutationOptions<R, Error, C>;
  exito: (r: R) => string;
  cuerpo: (v: V, form: UseFormReturn<V>) => C | undefined;
  boton: string;
  /** Above the fields: what the editor acts on. */
  antes?: ReactNode;
  campos: (form: UseFormReturn<V>) => ReactNode;
  /** Beside the button: other acts, with the same save. */
  extra?: (guardar: (c: C) => void) => ReactNode;
  /** The button beside a single field, not under the fields. */
  botonAlLado?: boolean;
}) {
  const form = useForm<V>({ defaultValues: props.valores });
  const guardar = useMutation({
    ...props.mutacion,
    onSuccess: (r) => avisos.exito(props.exito(r)),
    onError: (e) => avisos.error(mensajeDeError(e)),
  });
  const enviar = form.handleSubmit((v) => {
    const c = props.cuerpo(v, form);
    if (c !== undefined) guardar.mutate(c);
  });
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)} aria-label={props.etiqueta}>
      {props.antes}
      <Row className="g-2 align-items-end">
        {props.campos(form)}
        <Col xs={props.botonAlLado ? 6 : 12} className="d-flex gap-2 flex-wrap">
          <Button type="submit" disabled={guardar.isPending}>
            {props.boton}
          </Button>
          {props.extra?.((c) => guardar.mutate(c))}
        </Col>
      </Row>
    </Form>
  );
}

/** The hours of a from/to pair, or the reason marked under 'Hasta hora'. */
function horasDe<V extends ValoresHoras>(v: V, form: UseFormReturn<V>): number[] | undefined {
  const horas = horasEntre(v.desde, v.hasta);
  if (typeof horas !== 'string') return horas;
  (form.setError as UseFormReturn<ValoresHoras>['setError'])('hasta', { message: horas });
  return undefined;
}

function FormPlantilla({
  cal,
  plantilla,
}: {
  cal: Calendario;
  plantilla: Parameters<typeof plantillaConCapacidad>[0];
}) {
  return (
    <EditorCalendario<ValoresHoras & { dias: string[] }, GuardarPlantillaBody, { ok: true }>
      etiqueta="Plantilla semanal"
      valores={{ dias: ['1', '2', '3', '4', '5'], desde: 8, hasta: 17, capacidad: 4 }}
      mutacion={plantillaMutation}
      exito={() => 'Plantilla guardada'}
      boton="Guardar plantilla"
      cuerpo={(v, form) => {
        const horas = horasDe(v, form);
        if (!horas) return undefined;
        if (v.dias.length === 0) {
          form.setError('dias', { message: 'Elija al menos un día.' });
          return undefined;
        }
        return {
          ...cal,
          franjas: plantillaConCapacidad(plantilla, v.dias.map(Number), horas, v.capacidad),
        };
      }}
      campos={({ register, formState }) => (
        <>
          <Col xs={12}>
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
                  {...marcasDeError(!!formState.errors.dias, 'plantilla-dias-error')}
                />
              ))}
              {formState.errors.dias && (
                <div className="invalid-feedback d-block" id="plantilla-dias-error">
                  {formState.errors.dias.message}
                </div>
              )}
            </fieldset>
          </Col>
          <CamposHoras
            prefijo="plantilla"
            etiquetaCapacidad="Camiones por hora"
            register={register}
            errores={formState.errors}
          />
        </>
      )}
    />
  );
}

function FormExcepcion(props: {
  cal: Calendario;
  fecha: string;
  excepciones: Parameters<typeof excepcionesConCapacidad>[0];
}) {
  const propias = props.excepciones.filter((e) => e.fecha === props.fecha);
  const delDia = { ...props.cal, fecha: props.fecha };
  return (
    <EditorCalendario<ValoresHoras, GuardarExcepcionesBody, { ok: true }>
      etiqueta="Excepción del día"
      valores={{ desde: 12, hasta: 12, capacidad: 0 }}
      mutacion={excepcionesMutation}
      exito={() => 'Excepción guardada'}
      boton="Guardar excepción"
      cuerpo={(v, form) => {
        const horas = horasDe(v, form);
        if (!horas) return undefined;
        return {
          ...delDia,
          franjas: excepcionesConCapacidad(props.excepciones, props.fecha, horas, v.capacidad),
        };
      }}
      antes={
        <p className="small mb-2">
          {propias.length === 0
            ? 'El día sigue la plantilla.'
            : `Propias: ${propias.map((e) => `${franjaHoraria(e.hora)}: ${e.capacidad}`).join(' · ')}`}
        </p>
      }
      campos={({ register, formState }) => (
        <CamposHoras
          prefijo="excepcion"
          etiquetaCapacidad="Camiones (0: cerrada)"
          register={register}
          errores={formState.errors}
        />
      )}
      extra={(guardar) =>
        propias.length > 0 && (
          <Button variant="outline-secondary" onClick={() => guardar({ ...delDia, franjas: [] })}>
            Volver a la plantilla
          </Button>
        )
      }
    />
  );
}

function FormCopiar({ cal, fecha }: { cal: Calendario; fecha: string }) {
  return (
    <EditorCalendario<{ semanas: number }, CopiarSemanaBody, { dias: number }>
      etiqueta="Copiar semana"
      valores={{ semanas: 1 }}
      mutacion={copiarSemanaMutation}
      exito={(r) => `Semana copiada: ${r.dias} días`}
      boton="Copiar semana"
      botonAlLado
      cuerpo={(v) => ({ ...cal, desde: fecha, semanas: v.semanas })}
      antes={
        <p className="small mb-2">Los 7 días desde el {diaConSemana(fecha)}, tal como están.</p>
      }
      campos={({ register, formState }) => (
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
      )}
    />
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
