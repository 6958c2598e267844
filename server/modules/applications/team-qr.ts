/**
 * `GET /v1/applications/team_qr`: the QR code of the researchers' team-joining link
 * (`TEAM_JOIN_URL`), shown with an approved application's message. A PNG drawn once per link;
 * for researchers only, and 404 while no link is configured.
 */
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { errorEnvelope } from "../../../contract/envelope.ts";
import { ApiError } from "../../errors.ts";
import { bearerSecurity, requireRole } from "../../plugins/auth.ts";

export const TEAM_QR_PIXELS = 240;

export function registerTeamQrRoute(app: FastifyInstance, teamJoinUrl: string | null): void {
  let drawn: Promise<Buffer> | null = null;
  app.get(
    "/applications/team_qr",
    {
      preHandler: requireRole("researcher"),
      schema: {
        tags: ["applications"],
        security: bearerSecurity,
        description: "The team-joining QR code (PNG) for approved researchers; 404 when none is configured.",
        response: { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (_request, reply) => {
      if (!teamJoinUrl) throw new ApiError(404, "no team-joining link is configured");
      drawn ??= QRCode.toBuffer(teamJoinUrl, {
        type: "png",
        width: TEAM_QR_PIXELS,
        margin: 2,
        errorCorrectionLevel: "M",
      });
      const png = await drawn;
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "private, max-age=3600")
        .send(png);
    },
  );
}
