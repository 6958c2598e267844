/** The error answers a route declares in its OpenAPI response schema, by the guard in front of it. */
import { errorEnvelope } from "../../contract/envelope.ts";

/** A signed-in reader's route: a bad request, no valid token, or nothing of the reader's there. */
export const signedInErrors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };

/** A route behind a role: a bad request, no valid token, or a token without the role. */
export const roleErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

/** A route behind a role that reads or changes one row, which may not be there. */
export const roleRowErrors = { ...roleErrors, 404: errorEnvelope };
