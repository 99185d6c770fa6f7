// The public pages and what each must show, shared by the public-page, page-weight and
// accessibility tests. 'guest' pages send a signed-in member to Landing; 'anyone' pages do not.
export const PUBLIC_PAGES = [
  { path: "/", heading: "Survey Panel", access: "anyone" },
  { path: "/learn-more", heading: "Learn More", access: "guest" },
  { path: "/custom-surveys", heading: "Custom Surveys", access: "guest" },
  { path: "/scalibility", heading: "Scalability", access: "guest" },
  { path: "/register-more-info", heading: "Before You Register", access: "guest" },
  { path: "/about-us", heading: "About Us", access: "anyone" },
  { path: "/about-survey", heading: "About Paid Surveys", access: "anyone" },
  { path: "/terms-and-conditions", heading: "Terms and Conditions", access: "anyone" },
  { path: "/privacy-policies", heading: "Privacy Policy", access: "anyone" },
  { path: "/cookie-policies", heading: "Cookie Policy", access: "anyone" },
] as const;

export const POLICY_PATHS = ["/terms-and-conditions", "/privacy-policies", "/cookie-policies"] as const;
