/**
 * The server's health routes, outside /v1 and its envelope: `/healthz` answers while the process
 * runs (the web app probes it to tell a lost connection from a server that is gone), `/readyz`
 * once the database answers too (for a process manager or a load balancer).
 */
export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";
