import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import { TEXTOS } from '../../../shared/textos';
import { paths } from '../../lib/paths';
import { useCerrarSesion, useSesion } from '../../lib/sesion';

/** The signed-in navigation bar of spec section 2. */
export function BarraNavegacion() {
  const sesion = useSesion();
  const cerrarSesion = useCerrarSesion();
  const { pathname } = useLocation();
  return (
    <Navbar
      expand="md"
      bg="dark"
      data-bs-theme="dark"
      className="mb-3 d-print-none"
      collapseOnSelect
    >
      <Container fluid>
        <Navbar.Brand as={Link} to={paths.camiones} className="d-flex align-items-center gap-2">
          {/* Decorative: the name beside it already names the link. */}
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>Portal Acopio</span>
        </Navbar.Brand>
        {/* `label` is what react-bootstrap puts in aria-label (its default is English). */}
        <Navbar.Toggle aria-controls="navegacion-principal" label="Mostrar menú" />
        <Navbar.Collapse id="navegacion-principal">
          {/*
            The route alone lights an entry (NavLink's own 'active'): left uncontrolled, Nav would
            also keep the last clicked key lit after leaving by another way; a key no entry has
            keeps it from lighting any. The eventKeys (dropdown items too) are for
            collapseOnSelect: a choice closes the phone menu.
          */}
          <Nav className="me-auto" activeKey="">
            {/* '/' is the trucks screen too. */}
            <Nav.Link
              as={NavLink}
              to={paths.camiones}
              eventKey="camiones"
              active={pathname === paths.inicio || undefined}
            >
              Camiones
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.cupos} end eventKey="cupos">
              Cupos
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.turnos} eventKey="turnos">
              Turnos
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.stock} eventKey="stock">
              Stock
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.tablero} eventKey="tablero">
              Tablero
            </Nav.Link>
            {sesion.esAdministrador && (
              <Nav.Link as={NavLink} to={paths.encuestas} end eventKey="crear-encuestas">
                Crear encuestas
              </Nav.Link>
            )}
            <Nav.Link as={NavLink} to={paths.encuestasListar} eventKey="encuesta">
              Encuesta
            </Nav.Link>
            {sesion.esAdministrador && (
              <NavDropdown
                title="Administración"
                id="menu-administracion"
                active={pathname.startsWith('/administracion/') || undefined}
              >
                <NavDropdown.Item as={Link} to={paths.administracionUsuarios} eventKey="usuarios">
                  Usuarios y tarjetas
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionEmpresas} eventKey="empresas">
                  Empresas y unidades
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionUnidades} eventKey="unidades">
                  Unidades de negocio
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionProductos} eventKey="productos">
                  Productos
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionEnvases} eventKey="envases">
                  Envases
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionImportar} eventKey="importar">
                  Importar
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionTokens} eventKey="tokens">
                  Tokens de servicio
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionWebhooks} eventKey="webhooks">
                  Webhooks
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionAvisos} eventKey="avisos">
                  Avisos
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionTerminal} eventKey="terminal">
                  Terminal
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to={paths.administracionAuditoria} eventKey="auditoria">
                  Auditoría
                </NavDropdown.Item>
              </NavDropdown>
            )}
          </Nav>
          <Nav>
            <NavDropdown title={sesion.usuario} id="menu-usuario" align="end">
              <NavDropdown.Item as={Link} to={paths.cuenta} eventKey="cuenta">
                Mi cuenta
              </NavDropdown.Item>
              <NavDropdown.Item as="button" onClick={cerrarSesion}>
                {TEXTOS.cerrarSesion}
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
