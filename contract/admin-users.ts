/**
 * An administrator's calls on user accounts (spec sections 3, 6 and 7, "User admin"): the admin
 * view of a user and the change of a user's roles among the three.
 */
import { z } from "zod";
import { ROLES } from "./account-rules.ts";
import { roleSchema } from "./accounts.ts";

export const adminUserParams = z.object({ id: z.coerce.number().int().positive() });

/** `roles` as one comma-joined value (`roles=reader,researcher`) or repeated (`roles=a&roles=b`). */
export const userRolesQuery = z.object({
  roles: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(","))
        .map((role) => role.trim())
        .filter((role) => role !== ""),
    )
    .pipe(z.array(roleSchema).min(1).max(ROLES.length)),
});

export const adminUserSchema = z.object({
  _id: z.number().int(),
  avatar: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  roles: z.array(roleSchema),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
