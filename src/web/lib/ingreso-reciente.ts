/**
 * Sign-ins made in this page load, counted. The login counts one; whoever must react to a fresh
 * sign-in (the pending-survey notice, spec section 4) compares against it. A page reload starts
 * again at 0: reloading is not signing in.
 */
let ingresos = 0;

export function marcarIngreso(): void {
  ingresos += 1;
}

/** 0 when nobody signed in since the page loaded. */
export function ultimoIngreso(): number {
  return ingresos;
}
