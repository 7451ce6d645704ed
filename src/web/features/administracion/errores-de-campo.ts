// Moved to src/web/lib/ (the set-up's page uses it too); kept so screens that import it from
// here still build.
export { erroresDeCampo, type ErroresDeCampo } from '../../lib/errores-de-campo';
