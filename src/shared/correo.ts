/**
 * The token of an e-mail confirmation link (issue 25): 32 random bytes in base64url, 43
 * characters. The contract checks it; the link's page checks it before sending it, so a link cut
 * short by a mail program is told as such without a call.
 */
export const FORMA_TOKEN_CORREO = /^[A-Za-z0-9_-]{43}$/;
