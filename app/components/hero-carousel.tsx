import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A slide's heading, text and link label are English texts marked with tr(), translated here. */
export interface HeroSlide {
  id: string;
  heading: string;
  text: string;
  link: { to: string; label: string };
  /** Tailwind background classes: a CSS gradient instead of a photo keeps the page light. */
  background: string;
}

const ADVANCE_MS = 6000;

// A CSS scroll-snap track: without JavaScript the slides are swiped or scrolled, and the numbered
// links below jump to each slide by its anchor. JavaScript adds auto-advance (not under
// prefers-reduced-motion, paused while pointer or focus is inside, stopped once a slide is picked)
// and a Pause button, which WCAG asks for on content that moves by itself.
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  // null until hydrated (and when motion is reduced): then there is nothing to pause.
  const [playing, setPlaying] = useState<boolean | null>(null);

  useEffect(() => {
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(true);
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!playing || !element) return;
    const timer = setInterval(() => {
      if (held.current || document.hidden) return;
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % slides.length;
      element.scrollTo({ left: next * element.clientWidth, behavior: "smooth" });
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [playing, slides.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("Highlights")}
      className="relative"
      onPointerEnter={() => (held.current = true)}
      onPointerLeave={() => (held.current = false)}
      onFocus={() => (held.current = true)}
      onBlur={() => (held.current = false)}
    >
      <div ref={track} className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl motion-safe:scroll-smooth">
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            id={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("{{number}} of {{total}}", { number: index + 1, total: slides.length })}
            className={`w-full shrink-0 snap-start scroll-mt-4 px-6 py-12 text-white sm:px-12 sm:py-16 ${slide.background}`}
          >
            <h2 className="max-w-xl text-2xl font-bold sm:text-3xl">{t(slide.heading)}</h2>
            <p className="mt-3 max-w-xl text-base sm:text-lg">{t(slide.text)}</p>
            <Link to={slide.link.to} className="btn mt-6 bg-white text-slate-900 hover:bg-slate-100">
              {t(slide.link.label)}
            </Link>
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-center gap-2">
        <nav aria-label={t("Slides")} className="flex gap-2">
          {slides.map((slide, index) => (
            <a
              key={slide.id}
              href={`#${slide.id}`}
              onClick={() => setPlaying((state) => (state === null ? null : false))}
              className="flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700"
            >
              <span className="sr-only">{t("Show slide {{number}}", { number: index + 1 })}</span>
              <span aria-hidden="true">{index + 1}</span>
            </a>
          ))}
        </nav>
        {playing === null ? null : (
          <button
            type="button"
            onClick={() => setPlaying(!playing)}
            className="ml-2 rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700"
          >
            {playing ? t("Pause") : t("Play")}
          </button>
        )}
      </div>
    </section>
  );
}
