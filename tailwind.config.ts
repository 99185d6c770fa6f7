import type { Config } from "tailwindcss";

// Tailwind v3 on purpose: its CSS renders on the old browsers many members use (v4 needs
// cascade layers, @property and color-mix()).
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { 50: "#eef6ff", 100: "#d9eaff", 500: "#2563eb", 600: "#1d4ed8", 700: "#1e40af" },
      },
    },
  },
  plugins: [],
} satisfies Config;
