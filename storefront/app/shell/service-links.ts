import { t } from "@etalage/core";
import { PRIVACY_PATH, TERMS_PATH } from "../ui/privacy-link.tsx";

/*
 * Footer and mobile-menu links when the CMS has no footer story, and the legal links under every
 * footer: each points at a content page of the demo content (server/content/pages.json), so none
 * answers 404 (e2e/tests/links.spec.ts walks them).
 */

export interface FooterLink {
  label: string;
  href: string;
}

export function serviceLinks(): FooterLink[] {
  return [
    { label: t("Contact"), href: "/klantenservice" },
    { label: t("Shipping & delivery"), href: "/verzenden-en-retourneren#verzenden" },
    { label: t("Returns & exchanges"), href: "/verzenden-en-retourneren#retourneren" },
    { label: t("Payment methods"), href: "/klantenservice#betalen" },
    { label: t("Frequently asked questions"), href: "/klantenservice#veelgestelde-vragen" },
  ];
}

export function aboutLinks(): FooterLink[] {
  return [
    { label: t("About us"), href: "/over-ons" },
    { label: t("Our stores"), href: "/storelocator" },
  ];
}

export function legalLinks(): FooterLink[] {
  return [
    { label: t("Terms and conditions"), href: TERMS_PATH },
    { label: t("Privacy statement"), href: PRIVACY_PATH },
    { label: t("Cookies"), href: "/cookies" },
  ];
}
