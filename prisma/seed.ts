// Idempotent seed, run by `npm start` and `npm run dev` after migrations: the survey category map
// and the built-in profile questionnaires always (docs/decisions/005-demo-accounts-and-seed.md,
// 015-profile-questionnaires.md).
//
//   tsx prisma/seed.ts          production: never demo accounts; locks leftover ones (031)
//   tsx prisma/seed.ts --demo   the demo, the end-to-end harness and `npm run dev`: with them
import { closeDatabase, getPrisma } from "../app/lib/db.server";
import {
  lockPublishedDemoAccounts,
  seedCategories,
  seedDemoAccounts,
  seedProfileSurveys,
} from "../app/domain/seed.server";

const demo = process.argv.includes("--demo");
try {
  const prisma = getPrisma();
  const categories = await seedCategories(prisma);
  console.log(`Survey categories: ${categories}.`);
  const profileSurveys = await seedProfileSurveys(prisma);
  console.log(`Built-in profile questionnaires: ${profileSurveys}.`);
  if (demo) {
    const accounts = await seedDemoAccounts(prisma);
    console.log(`Demo accounts: ${accounts.join(", ")}.`);
  } else {
    const locked = await lockPublishedDemoAccounts(prisma);
    if (locked.length > 0) {
      console.warn(`Locked demo accounts that still had their published passwords: ${locked.join(", ")}.`);
    }
  }
} finally {
  await closeDatabase();
}
