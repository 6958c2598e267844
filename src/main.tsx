/** Entry of the web app: mounts the React root inside Fluent's light theme. */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("#root element missing from index.html");

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme} style={{ minHeight: "100vh" }}>
      <App />
    </FluentProvider>
  </StrictMode>,
);
