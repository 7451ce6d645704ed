/**
 * 'Productos por cliente': for a client company and one of its business units, a box per active
 * product, ticked when the company may order it (what its order form offers). A deactivated
 * product it still has is shown so that it can be taken away; one its open quotas hold cannot be.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { EmpresaAdministrada } from '../../../shared/contracts/empresas';
import type { ProductoDeCliente } from '../../../shared/contracts/productos';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { AlgoSalioMal } from '../../components/AlgoSalioMal';
import { avisos } from '../../components/avisos';
import { Cargando } from '../../components/Cargando';
import { empresasAdministradasQuery } from '../../lib/empresas-administradas';
import { marcarErroresDeCampo } from '../../lib/errores-de-campo';
import { guardarProductosDeClienteMutation, productosDeClienteQuery } from './api';
import { TEXTOS_PRODUCTOS as T } from './textos';

const numero = (v: string) => (v === '' ? undefined : Number(v));

export function ProductosPorCliente() {
  const empresas = useQuery(empresasAdministradasQuery);
  const [codempre, setCodempre] = useState('');
  const [unineg, setUnineg] = useState('');
  const clientes = (empresas.data ?? []).filter((e) => e.codempre !== CODEMPRE_ADMINISTRADOR);
  const empresa = clientes.find((e) => String(e.codempre) === codempre);
  const unidad = empresa?.unidades.find((u) => String(u.ctrl) === unineg);
  const productos = useQuery(productosDeClienteQuery(numero(codempre), unidad?.ctrl));

  function elegirEmpresa(valor: string) {
    setCodempre(valor);
    const unidades = clientes.find((e) => String(e.codempre) === valor)?.unidades ?? [];
    // A company that works in one unit has nothing else to choose.
    setUnineg(unidades.length === 1 ? String(unidades[0]!.ctrl) : '');
  }

  let contenido;
  if (!empresa || !unidad) {
    contenido =
      empresa && empresa.unidades.length === 0 ? (
        <p className="text-secondary">{T.empresaSinUnidades}</p>
      ) : (
        <p className="text-secondary">{T.elijaClienteYUnidad}</p>
      );
  } else if (productos.isError) contenido = <AlgoSalioMal error={productos.error} />;
  else if (productos.isPending) contenido = <Cargando />;
  else {
    contenido = (
      // A new choice starts from what the server has (its own state, keyed by the choice).
      <ListaProductosDeCliente
        key={`${empresa.codempre}-${unidad.ctrl}`}
        empresa={empresa}
        unidad={unidad}
        productos={productos.data}
      />
    );
  }

  return (
    <section className="mt-4" aria-labelledby="productos-por-cliente">
      <h2 className="h5" id="productos-por-cliente">
        {T.porCliente}
      </h2>
      <p className="small text-secondary">{T.porClienteAyuda}</p>
      {empresas.isError && <AlgoSalioMal error={empresas.error} />}
      <Form className="row g-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-12 col-md-5" controlId="por-cliente-empresa">
          <Form.Label className="small mb-1">{T.empresa}</Form.Label>
          <Form.Select value={codempre} onChange={(e) => elegirEmpresa(e.target.value)}>
            <option value="">{T.elegirEmpresa}</option>
            {clientes.map((e) => (
              <option key={e.codempre} value={e.codempre}>
                {`${e.codempre} - ${e.nomempre}`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="por-cliente-unidad">
          <Form.Label className="small mb-1">{T.unidad}</Form.Label>
          <Form.Select
            value={unineg}
            disabled={!empresa}
            onChange={(e) => setUnineg(e.target.value)}
          >
            <option value="">{T.elegirUnidad}</option>
            {(empresa?.unidades ?? []).map((u) => (
              <option key={u.ctrl} value={u.ctrl}>
                {u.unineg}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      {contenido}
    </section>
  );
}

function ListaProductosDeCliente(props: {
  empresa: EmpresaAdministrada;
  unidad: { ctrl: number; unineg: string };
  productos: ProductoDeCliente[];
}) {
  const { empresa, unidad } = props;
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ productos: number[] }>({
    defaultValues: {
      productos: props.productos.filter((p) => p.habilitado).map((p) => p.codpro),
    },
  });
  const marcados = useWatch({ control, name: 'productos' });
  const [fallo, setFallo] = useState<string | null>(null);
  const guardar = useMutation({
    ...guardarProductosDeClienteMutation,
    onSuccess: () => avisos.exito(T.productosGuardados(empresa.nomempre, unidad.unineg)),
    onError: (e) => setFallo(marcarErroresDeCampo(e, ['productos'], setError)),
  });

  const enviar = handleSubmit((v) => {
    setFallo(null);
    guardar.mutate({
      codempre: empresa.codempre,
      unineg: unidad.ctrl,
      productos: [...v.productos].sort((a, b) => a - b),
    });
  });

  if (props.productos.length === 0)
    return <p className="text-secondary">{T.sinProductosActivos}</p>;
  const titulo = T.listaDe(empresa.nomempre, unidad.unineg);
  return (
    <Form noValidate onSubmit={(e) => void enviar(e)}>
      {fallo && (
        <Alert variant="danger" role="alert" dismissible onClose={() => setFallo(null)}>
          {fallo}
        </Alert>
      )}
      <fieldset aria-describedby={errors.productos ? 'productos-cliente-error' : undefined}>
        <legend className="fs-6 fw-semibold">{titulo}</legend>
        <Controller
          control={control}
          name="productos"
          render={({ field }) => (
            <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-1 mb-2">
              {props.productos.map((p, i) => {
                // Taking it away would leave its open quotas with a product the client cannot order.
                const fijo = p.habilitado && p.cuposAbiertos > 0;
                const nota = fijo ? `producto-${p.codpro}-nota` : undefined;
                return (
                  <div className="col" key={p.codpro}>
                    <Form.Check
                      id={`producto-cliente-${p.codpro}`}
                      ref={i === 0 ? field.ref : undefined}
                      checked={field.value.includes(p.codpro)}
                      disabled={fijo}
                      aria-describedby={nota}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? [...field.value, p.codpro]
                            : field.value.filter((c) => c !== p.codpro),
                        )
                      }
                      label={
                        <>
                          {p.nompro} <span className="text-secondary small">({p.codpro})</span>
                          {!p.activo && (
                            <Badge bg="secondary" className="ms-1">
                              {T.desactivadoMarca}
                            </Badge>
                          )}
                        </>
                      }
                    />
                    {fijo && (
                      <div id={nota} className="small text-secondary ms-4">
                        {T.enCuposAbiertos(p.cuposAbiertos)}
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          )}
        />
        {errors.productos && (
          <div id="productos-cliente-error" className="invalid-feedback d-block mb-2">
            {errors.productos.message}
          </div>
        )}
      </fieldset>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Button type="submit" disabled={guardar.isPending}>
          {guardar.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {T.guardarProductos}
        </Button>
        <span className="small text-secondary" role="status">
          {T.marcados(marcados.length)}
        </span>
      </div>
    </Form>
  );
}
