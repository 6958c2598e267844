/**
 * `/message`: the personal centre, its tab kept in the `tab` query (spec section 2). The feedback
 * and message tabs join `personalTabs` when their screens exist.
 */
import { makeStyles, Tab, TabList, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { personalText as t } from "./messages.ts";
import { ProfileTab } from "./ProfileTab.tsx";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

type PersonalTab = {
  id: "myFeedback" | "myMsg" | "profile";
  title: MessageDescriptor;
  Screen: ComponentType;
};

export const personalTabs: readonly PersonalTab[] = [
  { id: "profile", title: t.tabProfile, Screen: ProfileTab },
];

export function MessageCentre() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const wanted = (search as Record<string, unknown>).tab;
  const current = personalTabs.find((tab) => tab.id === wanted) ?? personalTabs[0];
  if (!current) return null;
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(t.title)}
      </Text>
      <TabList
        selectedValue={current.id}
        onTabSelect={(_, data) =>
          void navigate({ href: `/message?tab=${String(data.value)}`, replace: true })
        }
      >
        {personalTabs.map((tab) => (
          <Tab key={tab.id} value={tab.id}>
            {i18n._(tab.title)}
          </Tab>
        ))}
      </TabList>
      <current.Screen />
    </section>
  );
}
