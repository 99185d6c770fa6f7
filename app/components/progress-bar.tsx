import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

// The admin spec's progress indicator: starts at 0.08, moves in 200 ms steps and trickles forward
// every 800 ms while a navigation or a form submission is pending. Without JavaScript the browser's
// own loading indicator does this job.
const MINIMUM = 0.08;
const SPEED_MS = 200;
const TRICKLE_MS = 800;

export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState<number | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (busy) {
      clearTimeout(hideTimer.current);
      setProgress(MINIMUM);
      const trickle = setInterval(
        () => setProgress((current) => Math.min(0.994, (current ?? MINIMUM) + (1 - (current ?? MINIMUM)) * 0.1)),
        TRICKLE_MS,
      );
      return () => clearInterval(trickle);
    }
    setProgress((current) => (current === null ? null : 1));
    hideTimer.current = setTimeout(() => setProgress(null), SPEED_MS * 2);
    return () => clearTimeout(hideTimer.current);
  }, [busy]);

  if (progress === null) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className="fixed left-0 top-0 z-50 h-0.5 w-full"
    >
      <div
        className="h-full bg-brand-500"
        style={{ width: `${progress * 100}%`, transition: `width ${SPEED_MS}ms ease` }}
      />
    </div>
  );
}
