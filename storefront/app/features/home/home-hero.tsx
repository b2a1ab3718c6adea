import { t } from "@etalage/core";
import { Link } from "react-router";

/** The campaign banner until the CMS supplies one: a shop window drawn in SVG, no image to load. */
export function HomeHero({ shopHref, secondaryHref }: { shopHref: string; secondaryHref: string }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__panel">
          <div className="hero__text">
            <p className="eyebrow">{t("New season")}</p>
            <h1 id="hero-title" className="hero__title">
              {t("Well dressed, without effort")}
            </h1>
            <p className="hero__lead">
              {t(
                "Coats, knitwear and leather shoes that last for years. Ordered today, tried on at home tomorrow.",
              )}
            </p>
            <div className="hero__actions">
              <Link to={shopHref} className="button">
                {t("Shop the collection")}
              </Link>
              <Link to={secondaryHref} className="button button--outline">
                {t("Discover shoes")}
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <svg
      className="hero__art"
      viewBox="0 0 600 560"
      preserveAspectRatio="xMidYMax meet"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="468" cy="132" r="74" fill="#c98d5b" opacity="0.85" />
      <path d="M120 560V250a180 180 0 0 1 360 0v310z" fill="#d6cab5" />
      <path d="M160 560V262a140 140 0 0 1 280 0v298z" fill="#f3efe7" />
      {/* the floor runs past the drawing, under the text too, whatever the panel's width */}
      <path d="M-2000 508h4600v52h-4600z" fill="#d6cab5" />
      {/* the rail and hanger */}
      <path d="M176 196h248" stroke="#8b7a5e" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M300 196v12m0 0c-9 0-12 6-12 11m12-11 64 34H236z"
        fill="none"
        stroke="#3b3e42"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {/* the coat */}
      <path d="M236 242 300 232l64 10 26 28 10 212H200l10-212z" fill="#1f2a44" />
      <path d="M210 270 190 450h24l14-150z M390 270l20 180h-24l-14-150z" fill="#182238" />
      <path d="m284 236 16 112 16-112-16 10z" fill="#f3efe7" />
      <path d="m276 240 24 112-8-118zM324 240l-24 112 8-118z" fill="#2b3857" />
      <circle cx="300" cy="380" r="4" fill="#c98d5b" />
      <circle cx="300" cy="420" r="4" fill="#c98d5b" />
      <path d="M246 400h32M322 400h32" stroke="#2b3857" strokeWidth="3" />
      {/* a pair of shoes and a folded scarf on the floor */}
      <path d="M392 508c0-14 6-22 16-22 8 0 12 8 22 10 14 3 26 6 26 12z" fill="#8a4e25" />
      <path d="M420 508c0-12 6-18 14-18 8 0 12 7 22 9 12 2 22 5 22 9z" fill="#9a5a2b" />
      <path d="M124 508v-18a6 6 0 0 1 6-6h58a6 6 0 0 1 6 6v18z" fill="#6d1f2f" />
      <path d="M124 496h70" stroke="#571826" strokeWidth="3" />
    </svg>
  );
}
