import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ToastMessage {
  type: "success" | "error";
  message: string;
}

/** The spec's notification: top-right, green or red, hidden after 4 s when JavaScript runs. */
export const TOAST_DURATION_MS = 4000;

export function Toasts({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  const { t } = useTranslation();

  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!visible) return null;
  const colours =
    visible.type === "success"
      ? "border-green-700 bg-green-50 text-green-900"
      : "border-red-700 bg-red-50 text-red-900";
  return (
    <div className="pointer-events-none fixed right-2 top-2 z-50 max-w-[calc(100%-1rem)] sm:max-w-sm">
      <p
        role={visible.type === "error" ? "alert" : "status"}
        data-toast={visible.type}
        className={`pointer-events-auto rounded-md border-l-4 px-4 py-3 text-sm shadow-md ${colours}`}
      >
        {/* Set on a redirect in English (marked with tr(), decision 074); shown in the page's language. */}
        {t(visible.message)}
      </p>
    </div>
  );
}
