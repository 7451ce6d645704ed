import './encuestas.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { TEXTOS, TEXTOS_ENCUESTAS as T } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useSesion } from '../../lib/sesion';
import { avisos } from '../../components/avisos';
import { crearEncuestaMutation, encuestasQuery } from './api';
import { FormularioEncuesta } from './FormularioEncuesta';
import { PreguntasModal } from './PreguntasModal';
import { TablaEncuestas } from './TablaEncuestas';

/** Survey administration, administrator only (spec section 2, 'Crear Encuesta'). */
export function EncuestasAdminPage() {
  const { esAdministrador } = useSesion();
  if (!esAdministrador) return <SinPermiso />;
  return (
    <section>
      <h1 className="titulo-pantalla">{T.crearEncuesta}</h1>
      <NuevaEncuesta />
      <ListaEncuestas />
    </section>
  );
}

export function SinPermiso() {
  return (
    <Alert variant="warning" className="mt-3">
      {TEXTOS.sinPermisoPagina}
    </Alert>
  );
}

function NuevaEncuesta() {
  // A new form after each survey created: empty fields for the next one.
  const [creadas, setCreadas] = useState(0);
  const crear = useMutation({
    ...crearEncuestaMutation,
    onSuccess: () => {
      avisos.exito(T.encuestaCreada);
      setCreadas((n) => n + 1);
    },
    onError: () => avisos.error(T.errorCrearEncuesta),
  });

  return (
    <Card className="mb-4 formulario-encuesta">
      <Card.Body>
        <FormularioEncuesta
          key={creadas}
          id="encuesta"
          etiquetas={{ titulo: 'Título', descripcion: 'Descripción' }}
          textoBoton={T.crearEncuesta}
          ocupado={crear.isPending}
          onGuardar={(datos) => crear.mutate(datos)}
        />
      </Card.Body>
    </Card>
  );
}

function ListaEncuestas() {
  const consulta = useQuery(encuestasQuery);
  const [abierta, setAbierta] = useState<number | null>(null);
  const seleccionada = consulta.data?.find((e) => e.Id === abierta);

  return (
    <>
      <h2 className="h5 mb-3">{T.encuestasExistentes}</h2>
      <TablaEncuestas
        consulta={consulta}
        tituloFecha="Fecha de Creación"
        columnas={[
          {
            titulo: 'Acciones',
            acciones: true,
            celda: (e) => (
              <div className="d-flex gap-2 flex-nowrap">
                <Button size="sm" variant="outline-primary" onClick={() => setAbierta(e.Id)}>
                  {T.preguntas}
                </Button>
                <Link
                  to={paths.encuestaRespuestas(e.Id)}
                  className="btn btn-sm btn-outline-secondary text-nowrap"
                >
                  {T.verRespuestas}
                </Link>
              </div>
            ),
          },
        ]}
      />
      {seleccionada && <PreguntasModal encuesta={seleccionada} onCerrar={() => setAbierta(null)} />}
    </>
  );
}
