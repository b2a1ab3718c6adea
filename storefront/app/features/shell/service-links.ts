import { t } from "@etalage/core";

/*
 * Footer and mobile-menu links. The CMS supplies these later (browsing §2 "Menus and footer");
 * until then they are fixed, and point at the CMS page slugs the content team will create.
 */

export interface FooterLink {
  label: string;
  href: string;
}

export function serviceLinks(): FooterLink[] {
  return [
    { label: t("Contact"), href: "/klantenservice" },
    { label: t("Shipping & delivery"), href: "/verzenden" },
    { label: t("Returns & exchanges"), href: "/retourneren" },
    { label: t("Payment methods"), href: "/betalen" },
    { label: t("Frequently asked questions"), href: "/veelgestelde-vragen" },
  ];
}

export function aboutLinks(): FooterLink[] {
  return [
    { label: t("About us"), href: "/over-ons" },
    { label: t("Our stores"), href: "/storelocator" },
    { label: t("Sustainability"), href: "/duurzaamheid" },
    { label: t("Careers"), href: "/vacatures" },
  ];
}

export function legalLinks(): FooterLink[] {
  return [
    { label: t("Terms and conditions"), href: "/algemene-voorwaarden" },
    { label: t("Privacy statement"), href: "/privacy" },
    { label: t("Cookies"), href: "/cookies" },
  ];
}
