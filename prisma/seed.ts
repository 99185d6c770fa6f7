// Idempotent seed, run by `npm start` and `npm run dev` after migrations: the survey category map
// and the built-in profile questionnaires always, and the demo accounts where wanted
// (docs/decisions/005-demo-accounts-and-seed.md, 015-profile-questionnaires.md).
import { parseDatabaseUrl } from "../app/lib/database-url";
import { closeDatabase, getPrisma } from "../app/lib/db.server";
import { seedCategories, seedDemoAccounts, seedProfileSurveys, shouldSeedDemo } from "../app/domain/seed.server";

const target = parseDatabaseUrl(process.env.DATABASE_URL);
try {
  const prisma = getPrisma();
  const categories = await seedCategories(prisma);
  console.log(`Survey categories: ${categories}.`);
  const profileSurveys = await seedProfileSurveys(prisma);
  console.log(`Built-in profile questionnaires: ${profileSurveys}.`);
  if (shouldSeedDemo(target, process.env.SEED_DEMO)) {
    const accounts = await seedDemoAccounts(prisma);
    console.log(`Demo accounts: ${accounts.join(", ")}.`);
  }
} finally {
  await closeDatabase();
}
