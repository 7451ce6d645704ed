/**
 * 'Reservar turno' and 'Cambiar turno': a quota (when booking), a day among those with places
 * left, and an hour of that day, each showing how many places it has. A client books for its own
 * company; the administrator first chooses the company (any: issue 24, point 2). A refusal of the
 * server (full, paused, past a cutoff) is shown as it comes, in Spanish.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm, useWatch } from 'react-hook-form';
import type { Empresa } from '../../../shared/contracts/empresas';
import type { Turno } from '../../../shared/contracts/turnos';
import { diaConSemana, franjaHoraria } from '../../../shared/formato';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { PieFormulario } from '../../components/PieFormulario';
import { mensajeDeError } from '../../lib/api-client';
import { marcasDeError } from '../../lib/errores-de-campo';
import { cuposDisponiblesQuery } from '../../lib/cupos-disponibles';
import {
  cambiarMutation,
  despachosQuery,
  disponibilidadQuery,
  reservarMutation,
  turnosQuery,
} from './api';
import { cuposSinTurno, diasConLugar, horasDelDia } from './franjas';

interface Valores {
  codempre: string;
  cupo: string;
  fecha: string;
  hora: string;
}

export function ReservarTurnoModal(props: {
  /** The client's company; absent, the administrator chooses one of `empresas`. */
  codempre?: number;
  /** The companies the administrator may book for, and the one offered first. */
  empresas?: { lista: readonly Empresa[]; inicial: number | undefined };
  unineg: number;
  desde: string;
  hasta: string;
  /** The company's bookings: quotas holding one are not offered (absent: asked here). */
  turnos?: readonly Turno[];
  /** Changing this booking instead of making a new one. */
  cambiar?: Turno;
  onCerrar: () => void;
}) {
  const { unineg, cambiar, empresas } = props;
  const { register, handleSubmit, control, setValue, formState } = useForm<Valores>({
    defaultValues: {
      codempre: empresas?.inicial === undefined ? '' : String(empresas.inicial),
      cupo: cambiar ? String(cambiar.cupo) : '',
      fecha: '',
      hora: '',
    },
  });
  const empresaElegida = useWatch({ control, name: 'codempre' });
  const cupoElegido = useWatch({ control, name: 'cupo' });
  const fecha = useWatch({ control, name: 'fecha' });
  const codempre = props.codempre ?? (empresaElegida ? Number(empresaElegida) : undefined);
  const cupos = useQuery({ ...cuposDisponiblesQuery(codempre, unineg), enabled: !cambiar });
  const despachos = useQuery(despachosQuery(unineg));
  // The administrator's company's bookings, asked here: its quotas holding one are not offered.
  const deLaEmpresa = useQuery(
    turnosQuery(
      props.turnos === undefined && codempre !== undefined
        ? { desde: props.desde, hasta: props.hasta, unineg, codempre }
        : undefined,
    ),
  );
  const turnos = props.turnos ?? deLaEmpresa.data;

  const ofrecidos = useMemo(
    () => cuposSinTurno(cupos.data?.resultado ?? [], turnos ?? []),
    [cupos.data, turnos],
  );
  // The calendar of the quota's dispatch type (its own, or the unit's general one).
  const coddespacho = cambiar
    ? cambiar.coddespacho
    : despachos.data?.find(
        (d) => d.nomdespacho === ofrecidos.find((c) => String(c.ctrl) === cupoElegido)?.nomdespacho,
      )?.coddespacho;
  const disponibilidad = useQuery(
    disponibilidadQuery(
      cupoElegido && coddespacho !== undefined
        ? { unineg, coddespacho, desde: props.desde, hasta: props.hasta }
        : undefined,
    ),
  );
  const franjas = disponibilidad.data?.franjas ?? [];
  const dias = diasConLugar(franjas);
  const horas = fecha ? horasDelDia(franjas, fecha) : [];

  // A new day: the hour chosen for the last one no longer applies; a new company, its quota.
  useEffect(() => setValue('hora', ''), [fecha, setValue]);
  useEffect(() => {
    if (!cambiar) setValue('cupo', '');
  }, [empresaElegida, cambiar, setValue]);

  const reservar = useMutation({
    ...reservarMutation,
    onSuccess: (t) => {
      avisos.exito(`Turno reservado: ${t.codigo}`);
      props.onCerrar();
    },
  });
  const mover = useMutation({
    ...cambiarMutation,
    onSuccess: (t) => {
      avisos.exito(
        `Turno ${t.codigo} cambiado al ${diaConSemana(t.fecha)}, ${franjaHoraria(t.hora)}`,
      );
      props.onCerrar();
    },
  });
  const error = reservar.error ?? mover.error;

  const enviar = handleSubmit((v) => {
    if (cambiar) mover.mutate({ turno: cambiar.id, fecha: v.fecha, hora: Number(v.hora) });
    else reservar.mutate({ cupo: Number(v.cupo), fecha: v.fecha, hora: Number(v.hora) });
  });

  const campo = (nombre: keyof Valores) =>
    marcasDeError(!!formState.errors[nombre], `turno-${nombre}-error`);
  const mensaje = (nombre: keyof Valores) =>
    formState.errors[nombre] && (
      <Form.Control.Feedback type="invalid" id={`turno-${nombre}-error`}>
        {formState.errors[nombre].message}
      </Form.Control.Feedback>
    );

  return (
    <Modal show onHide={props.onCerrar} centered aria-labelledby="reservar-turno-titulo">
      <Form noValidate onSubmit={(e) => void enviar(e)}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="reservar-turno-titulo">
            {cambiar ? `Cambiar turno ${cambiar.codigo}` : 'Reservar turno'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? <Alert variant="danger">{mensajeDeError(error)}</Alert> : null}
          {cambiar ? (
            <p>
              Hoy: {diaConSemana(cambiar.fecha)}, {franjaHoraria(cambiar.hora)} (cupo N°{' '}
              {cambiar.cupo})
            </p>
          ) : (
            empresas && (
              <Form.Group className="mb-3" controlId="turno-codempre">
                <Form.Label>Cliente</Form.Label>
                <Form.Select
                  {...register('codempre', { required: 'Elija el cliente.' })}
                  {...campo('codempre')}
                >
                  <option value="">Elija un cliente…</option>
                  {empresas.lista.map((e) => (
                    <option key={e.codempre} value={e.codempre}>
                      {e.nomempre}
                    </option>
                  ))}
                </Form.Select>
                {mensaje('codempre')}
              </Form.Group>
            )
          )}
          {!cambiar && codempre !== undefined && (
            <Form.Group className="mb-3" controlId="turno-cupo">
              <Form.Label>Cupo</Form.Label>
              {cupos.isPending || turnos === undefined ? (
                <Cargando />
              ) : ofrecidos.length === 0 ? (
                <p className="text-body-secondary mb-0">
                  No hay cupos sin camión ni turno en esta unidad.
                </p>
              ) : (
                <>
                  <Form.Select
                    {...register('cupo', { required: 'Elija el cupo.' })}
                    {...campo('cupo')}
                  >
                    <option value="">Elija un cupo…</option>
                    {ofrecidos.map((c) => (
                      <option key={c.ctrl} value={c.ctrl}>
                        N° {c.ctrl} · {c.nomdespacho} · {c.mezcla}
                      </option>
                    ))}
                  </Form.Select>
                  {mensaje('cupo')}
                </>
              )}
            </Form.Group>
          )}
          {cupoElegido && (
            <Form.Group className="mb-3" controlId="turno-fecha">
              <Form.Label>Día</Form.Label>
              {disponibilidad.isPending ? (
                <Cargando />
              ) : dias.length === 0 ? (
                <p className="text-body-secondary mb-0">No quedan lugares en los próximos días.</p>
              ) : (
                <>
                  <Form.Select
                    {...register('fecha', { required: 'Elija el día.' })}
                    {...campo('fecha')}
                  >
                    <option value="">Elija un día…</option>
                    {dias.map((d) => (
                      <option key={d} value={d}>
                        {diaConSemana(d)}
                      </option>
                    ))}
                  </Form.Select>
                  {mensaje('fecha')}
                </>
              )}
            </Form.Group>
          )}
          {fecha && (
            <fieldset>
              <legend className="form-label fs-6">Hora</legend>
              <div
                className="turnos-horas"
                role="radiogroup"
                aria-label="Hora"
                aria-invalid={!!formState.errors.hora}
                aria-describedby={formState.errors.hora ? 'turno-hora-error' : undefined}
              >
                {horas.map((h) => (
                  <Form.Check
                    key={h.hora}
                    type="radio"
                    id={`turno-hora-${h.hora}`}
                    value={String(h.hora)}
                    disabled={!h.elegible}
                    {...register('hora', { required: 'Elija la hora.' })}
                    label={
                      <>
                        <span className="fw-semibold">{h.texto}</span>{' '}
                        <span className="text-body-secondary">
                          {h.motivo ?? `${h.libres} ${h.libres === 1 ? 'lugar' : 'lugares'}`}
                        </span>
                      </>
                    }
                  />
                ))}
              </div>
              {formState.errors.hora && (
                <div className="invalid-feedback d-block" id="turno-hora-error">
                  {formState.errors.hora.message}
                </div>
              )}
            </fieldset>
          )}
        </Modal.Body>
        <PieFormulario
          cancelar="Cancelar"
          enviar={cambiar ? 'Cambiar' : 'Reservar'}
          pendiente={reservar.isPending || mover.isPending}
          onCancelar={props.onCerrar}
        />
      </Form>
    </Modal>
  );
}
