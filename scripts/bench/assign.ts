// Survey audiences at 1,000,000 members (issue 17, docs/decisions/049-survey-audiences.md): seeds
// the shared panel (panel.ts: members and their About You answers; the same rows as the load
// benchmark, so one seeding serves both when DATABASE_URL names the same database), then times,
// through the same domain functions as the assign forms:
// - the preview count (countAudience over Member): for 'Assign to all Users' and for a
//   demographic targeting (the Preview button), goal under 2 s;
// - 'Assign to all Users' as the admin's first submit (it counts, and above 1,000 members asks to
//   confirm the count) and as the confirmed submit (saves the audience: a handful of rows), and
//   the demographics form's confirmed Assign; goal under 1 s for a save.
// DATABASE_URL picks the database; by default a scratch PGlite folder under /tmp (never ./data).
import { assignByDemographics, assignToAll, findAssignSurvey } from "../../app/domain/assignments.server";
import { countAudience } from "../../app/domain/audiences.server";
import { seedCategories, seedProfileSurveys } from "../../app/domain/seed.server";
import { migrateDatabase, openDatabase, provideDatabase } from "../../app/lib/db.server";
import { benchDatabase, report, time } from "./measure";
import { aboutYouTargets, loadNote, seedMembers, seedProfileAnswers } from "./panel";

/** Each case is timed this many times after one unmeasured run: seconds each, not milliseconds. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export async function run(): Promise<void> {
  const target = benchDatabase("assign");
  await migrateDatabase(target);
  const database = openDatabase(target);
  // The domain functions use the app's database; this one is it for the run.
  provideDatabase(database);
  const prisma = database.prisma;
  try {
    await seedCategories(prisma);
    await seedProfileSurveys(prisma);
    await seedMembers(prisma);
    const targetable = await aboutYouTargets(prisma);
    await seedProfileAnswers(prisma, targetable);
    const admin = await prisma.admin.upsert({
      where: { email: "bench@assign-bench.example" },
      create: { email: "bench@assign-bench.example", name: "Bench Admin", passwordHash: "-" },
      update: {},
    });

    // Two new surveys each run: one for everyone, one for India by demographics.
    const stamp = Date.now();
    const surveyData = (country: string | null, slug: string) => ({
      name: `Audience bench ${new Date(stamp).toISOString()}`,
      slug: `${slug}-${stamp}`,
      categoryId: 30,
      points: 10,
      lengthMinutes: 5,
      launched: true,
      delivery: "external" as const,
      externalUrl: "https://vendor.example/s?rid={token}",
      returnSecret: "0".repeat(64),
      country,
    });
    const all = (await findAssignSurvey((await prisma.survey.create({ data: surveyData(null, "aud-all") })).id))!;
    const byDemographics = (await findAssignSurvey(
      (await prisma.survey.create({ data: surveyData("IN", "aud-demo") })).id,
    ))!;
    // A postgraduate, a software engineer or a freelancer (OR within a question, AND across).
    const [education, employment] = targetable.questions;
    const targets = [
      { questionId: education.id, optionId: education.options[6] },
      { questionId: employment.id, optionId: employment.options[1] },
      { questionId: employment.id, optionId: employment.options[5] },
    ];

    // The first counts after opening the database: on PGlite its cache is then cold.
    let began = performance.now();
    const everyone = await countAudience(all.country, []);
    const everyoneMs = performance.now() - began;
    began = performance.now();
    const matching = await countAudience(byDemographics.country, targets);
    const matchingMs = performance.now() - began;
    console.log(
      `Audiences: all ${everyone.toLocaleString("en-US")} members, by demographics ${matching.toLocaleString("en-US")} ` +
        loadNote(),
    );
    console.log(
      `First counts after opening the database (cold): all ${everyoneMs.toFixed(0)} ms, ` +
        `by demographics ${matchingMs.toFixed(0)} ms`,
    );
    const input = { screenerId: null, points: 10 };
    const expect = (wanted: unknown) => (result: { ok: unknown }) => {
      if (result.ok !== wanted) throw new Error(`Expected ${String(wanted)}, got ${JSON.stringify(result)}`);
    };
    const cases: [string, () => Promise<unknown>][] = [
      ["preview count, all (goal < 2 s)", () => countAudience(all.country, [])],
      ["preview count, demographics (goal < 2 s)", () => countAudience(byDemographics.country, targets)],
      [
        "assign to all, 1st submit (count, ask)",
        () => assignToAll(admin, all, { ...input, confirmedCount: null }).then(expect("confirm")),
      ],
      [
        "assign to all, confirmed (goal < 1 s)",
        () => assignToAll(admin, all, { ...input, confirmedCount: everyone }).then(expect(true)),
      ],
      [
        "assign by demographics, confirmed (< 1 s)",
        () =>
          assignByDemographics(admin, byDemographics, {
            rows: targets,
            points: 10,
            confirmedCount: matching,
          }).then(expect(true)),
      ],
    ];
    try {
      for (const [label, work] of cases) report(label, await time(work, RUNS, 1));
      const saved = await prisma.surveyAudience.count({ where: { surveyId: { in: [all.id, byDemographics.id] } } });
      if (saved !== 2) throw new Error(`Expected both audiences saved, found ${saved}`);
    } finally {
      // Their audiences would otherwise join every member's dashboard in the load benchmark.
      await prisma.survey.deleteMany({ where: { id: { in: [all.id, byDemographics.id] } } });
    }
  } finally {
    await database.close();
  }
}
