/** `/login`: password sign-in and code sign-in (spec section 2, "Sign-in, sign-up, recovery"). */
import { makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { AccountCard } from "./AccountCard.tsx";
import { CodeLogin } from "./CodeLogin.tsx";
import { InlineLink } from "./fields.tsx";
import { accountText as t } from "./messages.ts";
import { OAuthButtons } from "./OAuthButtons.tsx";
import { PasswordLogin } from "./PasswordLogin.tsx";
import { useAgreement } from "./useAgreement.ts";

const useStyles = makeStyles({
  links: { display: "flex", justifyContent: "space-between", gap: tokens.spacingHorizontalM },
});

export function LoginPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [tab, setTab] = useState<"password" | "code">("password");
  const agreement = useAgreement();
  return (
    <AccountCard title={i18n._(t.loginTitle)}>
      <PanelTabs
        size="medium"
        tabs={[
          { value: "password", label: i18n._(t.passwordTab) },
          { value: "code", label: i18n._(t.codeTab) },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {tab === "password" ? <PasswordLogin agreement={agreement} /> : <CodeLogin agreement={agreement} />}
      <div className={styles.links}>
        <InlineLink to="/register" text={t.toRegister} />
        <InlineLink to="/forget-password" text={t.forgot} />
      </div>
      <OAuthButtons agreement={agreement} />
    </AccountCard>
  );
}
