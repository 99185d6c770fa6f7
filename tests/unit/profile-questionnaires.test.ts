import { describe, expect, test } from "vitest";
import { BUILT_IN_PROFILE_SURVEYS } from "~/domain/profile-questionnaires";
import { allQuestions, type QuestionDefinition, type QuestionType } from "~/questionnaire/definition";

// The option codes below are copied from the member spec (section 3) character for character,
// typos included: stored answers and admin targeting match on them, so "fixing" one must fail here.
// The codes marked "ours" are options the spec lacks, added so every member has a true answer
// (decision 066); they are new codes, never a changed old one.

interface Expected {
  type: QuestionType;
  options: string[];
  exclusive?: string;
  shownWhen?: { question: string; option: string };
}

const EXPECTED: Record<string, Record<string, Expected>> = {
  aboutyou: {
    education: {
      type: "select",
      options: [
        "ElementarySchool",
        "SecondarySchool",
        "HighSchool",
        "Diploma",
        "UnderGraduate",
        "Graduate",
        "PostGraduate",
        "Masters",
        "Other",
      ],
    },
    employment: {
      type: "select",
      options: [
        "Buisness",
        "SoftwareEngg",
        "CorporateJob",
        "logisticsTransportaion",
        "Farmer",
        "FreeLancers",
        "Housewife",
        "PublicService",
        "Student",
        "SkilledWorker",
        "UnskilledWorker",
        "Retired",
        "Unemployed",
      ],
    },
    family_members: { type: "select", options: ["1", "2", "3", "4", "5", "6", "7", "8", "8+"] },
    chief_earner: { type: "radio", options: ["Yes", "No"] },
    my_annual_income: {
      type: "select",
      options: [
        "LessThan20,000",
        "20000-39999",
        "40000-79999",
        "80000-99999",
        "100000-199999",
        "200000-399999",
        "400000-699999",
        "700000-799999", // ours
        "800000-1199999",
        "1200000",
        "NotDisclosed",
      ],
    },
    chief_earner_profession: {
      type: "select",
      options: [
        "Buisness",
        "LargeManufacture",
        "SmallManufacture",
        "Shop",
        "Farmer",
        "FreeLancers",
        "PublicService",
        "CorporateJob",
        "RealEstate",
        "SkilledWorker",
        "UnskilledWorker",
        "Retired", // ours
        "Other", // ours
        "NotApplicable", // ours
      ],
    },
    family_annual_income: {
      type: "select",
      options: [
        "LessThan50000",
        "50000-99999",
        "100000-149999",
        "150000-199999",
        "200000-249999",
        "250000-299999",
        "300000-349999",
        "350000-399999",
        "400000-499999",
        "500000-599999",
        "600000-699999",
        "700000-799999", // ours
        "800000-999999",
        "1000000-1499999",
        "1500000-2499999",
        "2500000-49999999",
        "50000000",
        "NotDisclosed",
      ],
    },
    household_expense: { type: "radio", options: ["1", "2", "3"] },
    household_items: {
      type: "checkbox",
      options: ["TV", "Refrigerator", "Microwave", "AC", "laptop", "bike", "car", "NoneOfThese" /* ours */],
      exclusive: "NoneOfThese",
    },
  },
  health: {
    healthCondition: {
      type: "checkbox",
      options: [
        "Allergies",
        "Heart",
        "BreathingRespiratory",
        "Cancer",
        "Diabetes",
        "Skin",
        "Obesity",
        "Digestion",
        "EyesEarsNoseThroat",
        "bone",
        "NotDisclosed",
      ],
      exclusive: "NotDisclosed",
    },
    medicalDevices: {
      type: "checkbox",
      options: [
        "BloodGlucosemeterSPO2",
        "Dentures",
        "Braces",
        "Lenses",
        "inhalers",
        "HearingAids",
        "Crutches",
        "Pacemakers",
        "Walkers",
        "InsulinInjections",
        "PrescriptionEyeGlassess",
        "OtherMedicalDevices",
        "NotDisclosed",
      ],
      exclusive: "NotDisclosed",
    },
  },
  technology: {
    modeAccessInternet: { type: "radio", options: ["Home", "SchoolUniversity", "Office", "WifiHotspots", "other"] },
    frequencyAccessInternet: {
      type: "radio",
      options: ["Frequently", "MultipleInDay", "OnceInDay", "MultipleTimesWeek", "OnceAWeek"],
    },
    browser: {
      type: "checkbox",
      options: ["GoogleChrome", "MozillaFirefox", "Safari", "MicrosoftEdge", "Opera", "BraveBrowser", "Other"],
    },
    techDevices: {
      type: "checkbox",
      options: [
        "SmartPhone",
        "BasicPhone",
        "DesktopPC",
        "Laptop",
        "Smartwatch",
        "DSLRCamera",
        "TV",
        "SecurityDevices",
        "Printer",
        "SpeakerHomeTheatre",
        "TabletiPad",
        "other",
        "NonePreferNotToSay",
      ],
      exclusive: "NonePreferNotToSay",
    },
  },
  vehiclesmachinery: {
    // NoVehicle is ours (decision 015): the spec's list has no answer for a household without one.
    vehicles: {
      type: "checkbox",
      options: ["BikeScooter", "Car", "SUV", "PickUp Truck", "Truck", "Buses", "NoVehicle"],
      exclusive: "NoVehicle",
    },
    noVehicles: { type: "radio", options: ["1", "2", "3", "4", "5", "5+"] },
    typeVehicles: { type: "radio", options: ["DieselPetrol", "Electric"] },
    vehiclesPurchaseTime: { type: "radio", options: ["NextMonth", "Next3Month", "Next6month", "InAYear", "Never"] },
    machine: {
      type: "checkbox",
      options: [
        "MixerGrinder",
        "WashingMachine",
        "WaterPurifier",
        "SewingMachine",
        "ElectricIron",
        "ElectricDrill",
        "HackSaw",
        "Hairdryer",
        "NonePreferNotToSay",
      ],
      exclusive: "NonePreferNotToSay",
    },
  },
  entertainment: {
    tvService: {
      type: "checkbox",
      options: [
        "Cable",
        "FibreOpticTVService",
        "SatelliteTV",
        "StreamingDevices",
        "LiveTVInternet",
        "Other",
        "NoServicePreferNotToSay",
      ],
      exclusive: "NoServicePreferNotToSay",
    },
    cinema: {
      type: "radio",
      options: [
        "OnceAWeek",
        "OnceAMonth",
        "MoreThanOnceAMonth",
        "OnceIn3Months",
        "OnceIn6Months",
        "OnceInAYear",
        "Never",
      ],
    },
    movieGenre: {
      type: "checkbox",
      options: [
        "Animated",
        "Action",
        "Adventure",
        "Anime",
        "Comedy",
        "Crime",
        "Documnetary",
        "Drama",
        "Fantasy",
        "History",
        "Horror",
        "Magical",
        "Musical",
        "Mystery",
        "Political",
        "Romance",
        "RomCom",
        "ScienceFiction",
        "Sport",
        "SpaceGalaxy",
        "Thriller",
        "Other",
        "NoMovies",
      ],
      exclusive: "NoMovies",
    },
    activities: {
      type: "checkbox",
      options: [
        "ListenSongs",
        "ListenPodcasts",
        "ListenRadio",
        "WatchingTV",
        "WatchingOnlineSeries",
        "ReadBooks",
        "Read Newspapers",
        "PlayVideoGames",
        "SocialMedia",
        "OtherNone",
      ],
    },
    gamesDevices: {
      type: "checkbox",
      options: ["PlayStation", "XBox", "SmartPhone", "DesktopPC", "Tablet", "HandHeldConsole", "OtherNone"],
      shownWhen: { question: "activities", option: "PlayVideoGames" },
    },
    socialMedia: {
      type: "checkbox",
      options: [
        "Facebook",
        "Instagram",
        "LinkedIN",
        "Quora",
        "Reddit",
        "SnapChat",
        "Twitter",
        "Telegram",
        "WhatsApp",
        "OtherNone",
      ],
      shownWhen: { question: "activities", option: "SocialMedia" },
    },
  },
};

function survey(slug: string) {
  const found = BUILT_IN_PROFILE_SURVEYS.find((entry) => entry.slug === slug);
  if (!found) throw new Error(`No built-in profile survey ${slug}`);
  return found;
}

function questionsOf(slug: string): QuestionDefinition[] {
  return allQuestions(survey(slug).definition);
}

describe("built-in profile questionnaires", () => {
  test("five cards in path order with the spec's slugs, titles, points, minutes and banners", () => {
    const submitted = "This profile is already submitted";
    expect(
      BUILT_IN_PROFILE_SURVEYS.map((entry) => [
        entry.path,
        entry.slug,
        entry.definition.title,
        entry.category,
        entry.points,
        entry.minutes,
        entry.submittedBanner,
      ]),
    ).toEqual([
      [1, "aboutyou", "About You", "Basic", 100, 3, submitted],
      [2, "health", "Medical / Health", "Basic", 100, 2, submitted],
      [3, "technology", "Technology", "Basic", 100, 2, "This profile is already submitted."],
      [4, "vehiclesmachinery", "Vehicles and Machinery", "Basic", 100, 2, submitted],
      [5, "entertainment", "Entertainment", "Basic", 100, 2, submitted],
    ]);
  });

  test("each questionnaire is one page", () => {
    for (const entry of BUILT_IN_PROFILE_SURVEYS) expect(entry.definition.pages, entry.slug).toHaveLength(1);
  });

  describe.each(Object.entries(EXPECTED))("%s", (slug, expected) => {
    test("has exactly the spec's question keys, in order", () => {
      expect(questionsOf(slug).map((question) => question.key)).toEqual(Object.keys(expected));
    });

    test.each(Object.entries(expected))("%s: type and option codes as the spec writes them", (key, want) => {
      const question = questionsOf(slug).find((candidate) => candidate.key === key);
      expect(question?.type).toBe(want.type);
      expect(question?.options.map((option) => option.value)).toEqual(want.options);
    });

    test.each(Object.entries(expected))("%s: exclusive option and shown-when condition", (key, want) => {
      const question = questionsOf(slug).find((candidate) => candidate.key === key);
      const exclusives = question?.options.filter((option) => option.exclusive).map((option) => option.value);
      expect(exclusives).toEqual(want.exclusive ? [want.exclusive] : []);
      expect(question?.shownWhen).toEqual(want.shownWhen);
    });

    test("every question is required (but the vehicle count and fuel) and every option has a readable label", () => {
      // A household without a vehicle skips these two (decision 015).
      const optional = slug === "vehiclesmachinery" ? ["noVehicles", "typeVehicles"] : [];
      for (const question of questionsOf(slug)) {
        expect(question.required, question.key).toBe(!optional.includes(question.key));
        expect(question.label.trim(), question.key).not.toBe("");
        for (const option of question.options) expect(option.label, `${question.key}.${option.value}`).toMatch(/\S/);
      }
    });

    test("question keys and each question's option codes and labels are unique", () => {
      const questions = questionsOf(slug);
      const keys = questions.map((question) => question.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const question of questions) {
        const values = question.options.map((option) => option.value);
        const labels = question.options.map((option) => option.label);
        expect(new Set(values).size, question.key).toBe(values.length);
        expect(new Set(labels).size, question.key).toBe(labels.length);
      }
    });
  });

  test("shown-when conditions point at an earlier checkbox question's existing option", () => {
    for (const entry of BUILT_IN_PROFILE_SURVEYS) {
      const questions = allQuestions(entry.definition);
      questions.forEach((question, index) => {
        if (!question.shownWhen) return;
        const { question: key, option } = question.shownWhen;
        const controller = questions.slice(0, index).find((candidate) => candidate.key === key);
        expect(controller?.options.map((candidate) => candidate.value)).toContain(option);
      });
    }
  });

  test("labels are readable words, not codes", () => {
    const labelOf = (slug: string, key: string, value: string) =>
      questionsOf(slug)
        .find((question) => question.key === key)
        ?.options.find((option) => option.value === value)?.label;
    expect(labelOf("aboutyou", "employment", "SoftwareEngg")).toBe("Software engineer");
    expect(labelOf("aboutyou", "employment", "Buisness")).toBe("Business");
    expect(labelOf("aboutyou", "my_annual_income", "LessThan20,000")).toBe("Less than ₹20,000");
    expect(labelOf("aboutyou", "my_annual_income", "800000-1199999")).toBe("₹8,00,000 – ₹11,99,999");
    expect(labelOf("aboutyou", "my_annual_income", "1200000")).toBe("₹12,00,000 or more");
    expect(labelOf("aboutyou", "my_annual_income", "700000-799999")).toBe("₹7,00,000 – ₹7,99,999");
    expect(labelOf("aboutyou", "family_annual_income", "700000-799999")).toBe("₹7,00,000 – ₹7,99,999");
    // The two codes with a digit too many read as the bands meant, without a gap between them.
    expect(labelOf("aboutyou", "family_annual_income", "1500000-2499999")).toBe("₹15,00,000 – ₹24,99,999");
    expect(labelOf("aboutyou", "family_annual_income", "2500000-49999999")).toBe("₹25,00,000 – ₹49,99,999");
    expect(labelOf("aboutyou", "family_annual_income", "50000000")).toBe("₹50,00,000 or more");
    expect(labelOf("aboutyou", "household_items", "NoneOfThese")).toBe("None of these");
    expect(labelOf("aboutyou", "chief_earner_profession", "NotApplicable")).toBe(
      "Not applicable: no one in the household earns",
    );
    expect(labelOf("aboutyou", "household_expense", "3")).toBe("Partially");
    expect(labelOf("vehiclesmachinery", "vehicles", "BikeScooter")).toBe("Bike / scooter");
    expect(labelOf("entertainment", "movieGenre", "Documnetary")).toBe("Documentary");
    expect(labelOf("health", "healthCondition", "NotDisclosed")).toBe("Prefer not to say");
    // The spec gives the Health labels itself.
    expect(labelOf("health", "medicalDevices", "Lenses")).toBe("Contact Lenses");
    expect(labelOf("health", "healthCondition", "bone")).toBe("Bone Related issues");
  });
});
