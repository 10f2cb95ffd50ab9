import { CONTACT_TEXT } from "~/content/contact.ts";

/** The contact page (/contact-us) and its form's messages (issue 14). */
export const contact = {
  title: "Contact Us",
  /** {site} */
  metaDescription:
    "Write to {site}: questions, corrections and suggestions about government jobs, results and admit cards.",
  /** {site} */
  intro:
    "Questions about a vacancy on {site}, a correction or a suggestion: write to us and we will reply by email.",
  /** {star}: the red asterisk */
  requiredNote: "Fields marked {star} are required.",
  name: "Your Name",
  email: "Email Address",
  message: "Message",
  /** {min}, {max} */
  messageHint: "At least {min} and at most {max} characters.",
  honeypot: "Leave this field empty",
  send: "Send Message",
  sending: "Sending...",
  details: "Contact details",
  emailLabel: "Email:",
  phoneLabel: "Phone:",
  /** What the form and the server say (contact.ts). */
  text: CONTACT_TEXT,
};
