import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";

/** The spec's points refresh interval. */
const REFRESH_MS = 60_000;

/**
 * With JavaScript the page reloads its data when the member comes back to it (a survey finished
 * in its own window changes the balance) and every 60 seconds until stopped, as the spec asks of
 * the points balance. Without JavaScript it renders nothing: a reload does the same. `message`
 * is the sentence shown while it runs (the admin's field report says its figures update, in English
 * as the back office is).
 */
export function AutoRefresh({ message }: { message?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [running, setRunning] = useState(true);

  useEffect(() => {
    const reload = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    };
    window.addEventListener("focus", reload);
    document.addEventListener("visibilitychange", reload);
    return () => {
      window.removeEventListener("focus", reload);
      document.removeEventListener("visibilitychange", reload);
    };
  }, [revalidator]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  if (!hydrated) return null;
  return (
    <p className="mt-1 text-sm text-slate-600">
      {running ? (message ?? t("The balance updates every minute.")) : t("Automatic updates are stopped.")}{" "}
      <button type="button" onClick={() => setRunning(!running)} className="text-brand-700 underline">
        {running ? t("Stop") : t("Resume")}
      </button>
    </p>
  );
}
