/** Route wired, screen not built yet: says so plainly instead of showing an empty page. */
export function PantallaPendiente({ titulo }: { titulo: string }) {
  return (
    <section>
      <h1 className="titulo-pantalla">{titulo}</h1>
      <p className="text-secondary">
        Esta pantalla todavía no está disponible en esta versión del portal.
      </p>
    </section>
  );
}
