/**
 * Where a special topic sends a reader (spec section 2): a guest is asked to sign in, a reader who
 * is not yet a researcher goes to the application, a researcher opens the tool.
 */
import type { MessageDescriptor } from "@lingui/core";
import type { AuthState } from "../../auth/authState.ts";
import { homeText as t } from "./homeMessages.ts";

export type Topic = {
  id: "char-image" | "char-type" | "colophon" | "people";
  title: MessageDescriptor;
  text: MessageDescriptor;
};

export const specialTopics: readonly Topic[] = [
  { id: "char-image", title: t.topicCharImage, text: t.topicCharImageText },
  { id: "char-type", title: t.topicCharType, text: t.topicCharTypeText },
  { id: "colophon", title: t.topicColophon, text: t.topicColophonText },
  { id: "people", title: t.topicPeople, text: t.topicPeopleText },
];

export type TopicTarget = { kind: "login" } | { kind: "go"; href: string };

export function topicTarget(topic: Topic, tripitakaUid: string, auth: AuthState): TopicTarget {
  if (!auth.signedIn) return { kind: "login" };
  if (!auth.roles.includes("researcher")) {
    const back = `/${tripitakaUid}/${topic.id}`;
    return { kind: "go", href: `/apply?redirect=${encodeURIComponent(back)}` };
  }
  return { kind: "go", href: `/${tripitakaUid}/${topic.id}` };
}
