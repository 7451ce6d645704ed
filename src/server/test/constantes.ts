/** Card HMAC key of the test databases (a fixed one: tests sign in with the demo cards). */
export const SECRETO_PRUEBAS = 'prueba-'.padEnd(64, 'x');
