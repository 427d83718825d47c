/** HS256 JWTs signed and verified with the project's JWT secret (jose), as GoTrue and PostgREST do. */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
};

export interface JwtTool {
  sign(claims: Claims, expiresAt: number): Promise<string>;
  /** Verified claims, or throws with jose's message ("signature verification failed", "\"exp\" claim timestamp check failed"...). */
  verify(token: string): Promise<Claims>;
}

export function createJwtTool(secret: string): JwtTool {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresAt).sign(key),
    verify: async (token) => (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload as Claims,
  };
}

/** The bearer token of a request: `Authorization: Bearer x`, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : null;
}
