import type {
  OptionDefinition,
  QuestionDefinition,
  QuestionnaireDefinition,
  QuestionType,
  ShownWhen,
} from "~/questionnaire/definition";
import { tr } from "~/i18n/mark";

// The five built-in profile questionnaires of the member spec (sections 2, 3 and 9), as
// questionnaire-engine definitions that the seed stores. Question keys and option value codes are
// the spec's server-side names, typos included (Buisness, logisticsTransportaion, Documnetary,
// PrescriptionEyeGlassess, "PickUp Truck"): stored answers, admin targeting and screener pre-fill
// all match on them, so they must never be "corrected" here. Labels are what members read: the
// seed stores them in English, marked with tr() so that the questionnaire form shows them in the
// member's language (decision 074); brand names and the rupee ranges read the same in Hindi.

export interface BuiltInProfileSurvey {
  /** The hub's form number: 1 about you, 2 health, 3 technology, 4 automobiles, 5 entertainment. */
  path: 1 | 2 | 3 | 4 | 5;
  slug: string;
  category: "Basic";
  points: number;
  minutes: number;
  /** Shown above the read-only form once the member has submitted it. */
  submittedBanner: string;
  definition: QuestionnaireDefinition;
}

type OptionRow = readonly [value: string, label: string];

/** Option rows in display order; `exclusive` names the group's 'none / prefer not to say' value. */
function choices(rows: readonly OptionRow[], exclusive?: string): OptionDefinition[] {
  return rows.map(([value, label]) => (value === exclusive ? { value, label, exclusive: true } : { value, label }));
}

function question(
  key: string,
  label: string,
  type: QuestionType,
  options: OptionDefinition[],
  shownWhen?: ShownWhen,
): QuestionDefinition {
  // Every profile question is required; a shown-when question only while it is shown (the engine's rule).
  const base = { key, label, type, required: true, options };
  return shownWhen ? { ...base, shownWhen } : base;
}

function optional(definition: QuestionDefinition): QuestionDefinition {
  return { ...definition, required: false };
}

function onePage(title: string, description: string, questions: QuestionDefinition[]): QuestionnaireDefinition {
  return { title, description, pages: [{ title, questions }] };
}

/** Indian digit grouping (12,00,000), as the rupee income bands are read in India. */
function rupees(amount: string): string {
  const digits = amount.replace(/,/g, "");
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `₹${rest ? `${rest},` : ""}${lastThree}`;
}

/**
 * The label of an income band, read from its code so label and code cannot drift apart:
 * "LessThan50000" → "Less than ₹50,000", "50000-99999" → "₹50,000 – ₹99,999", a lone amount is the
 * open top band ("1200000" → "₹12,00,000 or more").
 */
function incomeBand(code: string): OptionRow {
  if (code === "NotDisclosed") return [code, tr("Prefer not to say")];
  if (code.startsWith("LessThan")) return [code, openBand(`Less than ${rupees(code.slice("LessThan".length))}`)];
  const [from, to] = (MEANT_BAND[code] ?? code).split("-");
  return [code, to ? `${rupees(from)} – ${rupees(to)}` : openBand(`${rupees(from)} or more`)];
}

/**
 * The open ends' labels as texts to translate: a range ("₹50,000 – ₹99,999") reads the same in
 * Hindi, these do not. A computed label missing here is an error, so a new open band is not left
 * untranslated.
 */
const OPEN_BANDS: readonly string[] = [
  tr("Less than ₹20,000"),
  tr("Less than ₹50,000"),
  tr("₹12,00,000 or more"),
  tr("₹50,00,000 or more"),
];

function openBand(label: string): string {
  if (!OPEN_BANDS.includes(label)) throw new Error(`The income band "${label}" needs a tr() text in OPEN_BANDS`);
  return label;
}

/**
 * The family income's top two codes carry one digit too many each (₹25 lakh – ₹4.99 crore, then
 * ₹5 crore or more, with nothing between the ₹25 lakh band and that): the bands meant are ₹25–50 lakh
 * and ₹50 lakh or more. The codes stay, since answers and targets are stored by code; only the
 * labels read what was meant (decision 066).
 */
const MEANT_BAND: Record<string, string> = { "2500000-49999999": "2500000-4999999", "50000000": "5000000" };

const YES_NO: OptionRow[] = [
  ["Yes", tr("Yes")],
  ["No", tr("No")],
];

const aboutYou = onePage(tr("About You"), tr("Your education, work, household and income."), [
  question(
    "education",
    tr("What is your highest level of education?"),
    "select",
    choices([
      ["ElementarySchool", tr("Elementary school")],
      ["SecondarySchool", tr("Secondary school")],
      ["HighSchool", tr("High school")],
      ["Diploma", tr("Diploma")],
      ["UnderGraduate", tr("Undergraduate")],
      ["Graduate", tr("Graduate")],
      ["PostGraduate", tr("Postgraduate")],
      ["Masters", tr("Master's degree")],
      ["Other", tr("Other")],
    ]),
  ),
  question(
    "employment",
    tr("What is your occupation?"),
    "select",
    choices([
      ["Buisness", tr("Business")],
      ["SoftwareEngg", tr("Software engineer")],
      ["CorporateJob", tr("Corporate job")],
      ["logisticsTransportaion", tr("Logistics / transportation")],
      ["Farmer", tr("Farmer")],
      ["FreeLancers", tr("Freelancer")],
      ["Housewife", tr("Homemaker")],
      ["PublicService", tr("Public service")],
      ["Student", tr("Student")],
      ["SkilledWorker", tr("Skilled worker")],
      ["UnskilledWorker", tr("Unskilled worker")],
      ["Retired", tr("Retired")],
      ["Unemployed", tr("Unemployed")],
    ]),
  ),
  question(
    "family_members",
    tr("How many members does your family have?"),
    "select",
    choices([...["1", "2", "3", "4", "5", "6", "7", "8"].map((n): OptionRow => [n, n]), ["8+", tr("More than 8")]]),
  ),
  question("chief_earner", tr("Are you the chief earner of your household?"), "radio", choices(YES_NO)),
  question(
    "my_annual_income",
    tr("What is your annual income?"),
    "select",
    choices(
      [
        "LessThan20,000",
        "20000-39999",
        "40000-79999",
        "80000-99999",
        "100000-199999",
        "200000-399999",
        "400000-699999",
        // Ours (decision 066): the spec skips ₹7–8 lakh, so a member earning that could not answer.
        "700000-799999",
        "800000-1199999",
        "1200000",
        "NotDisclosed",
      ].map(incomeBand),
    ),
  ),
  question(
    "chief_earner_profession",
    tr("What is the profession of your household's chief earner?"),
    "select",
    choices([
      ["Buisness", tr("Business")],
      ["LargeManufacture", tr("Large manufacturing business")],
      ["SmallManufacture", tr("Small manufacturing business")],
      ["Shop", tr("Shop owner")],
      ["Farmer", tr("Farmer")],
      ["FreeLancers", tr("Freelancer")],
      ["PublicService", tr("Public service")],
      ["CorporateJob", tr("Corporate job")],
      ["RealEstate", tr("Real estate")],
      ["SkilledWorker", tr("Skilled worker")],
      ["UnskilledWorker", tr("Unskilled worker")],
      // Ours (decision 066): without them a retired earner, an unlisted profession or a household
      // with no earner had no true answer.
      ["Retired", tr("Retired")],
      ["Other", tr("Other")],
      ["NotApplicable", tr("Not applicable: no one in the household earns")],
    ]),
  ),
  question(
    "family_annual_income",
    tr("What is your family's annual income?"),
    "select",
    choices(
      [
        "LessThan50000",
        // "Bands of 50000 up to 400000".
        ...Array.from({ length: 7 }, (_, band) => `${(band + 1) * 50000}-${(band + 2) * 50000 - 1}`),
        "400000-499999",
        "500000-599999",
        "600000-699999",
        "700000-799999",
        "800000-999999",
        "1000000-1499999",
        "1500000-2499999",
        "2500000-49999999",
        "50000000",
        "NotDisclosed",
      ].map(incomeBand),
    ),
  ),
  question(
    "household_expense",
    tr("Are you responsible for your household's expenses?"),
    "radio",
    choices([
      ["1", tr("Yes")],
      ["2", tr("No")],
      ["3", tr("Partially")],
    ]),
  ),
  question(
    "household_items",
    tr("Which of these does your household own?"),
    "checkbox",
    choices(
      [
        ["TV", tr("Television")],
        ["Refrigerator", tr("Refrigerator")],
        ["Microwave", tr("Microwave oven")],
        ["AC", tr("Air conditioner")],
        ["laptop", tr("Laptop")],
        ["bike", tr("Motorbike / scooter")],
        ["car", tr("Car")],
        // Ours (decision 066): a household with none of them must be able to say so.
        ["NoneOfThese", tr("None of these")],
      ],
      "NoneOfThese",
    ),
  ),
]);

const health = onePage(tr("Medical / Health"), tr("Health conditions and medical devices in your life."), [
  question(
    "healthCondition",
    tr("Do you have any of these health conditions?"),
    "checkbox",
    choices(
      [
        ["Allergies", tr("Allergies")],
        ["Heart", tr("Heart conditions")],
        ["BreathingRespiratory", tr("Breathing or respiratory")],
        ["Cancer", tr("Cancer")],
        ["Diabetes", tr("Diabetes")],
        ["Skin", tr("Skin Condition")],
        ["Obesity", tr("Obesity")],
        ["Digestion", tr("Digestion And Gastric")],
        ["EyesEarsNoseThroat", tr("Eyes Ears Nose or Throat")],
        ["bone", tr("Bone Related issues")],
        ["NotDisclosed", tr("Prefer not to say")],
      ],
      "NotDisclosed",
    ),
  ),
  question(
    "medicalDevices",
    tr("Do you use any of these medical devices?"),
    "checkbox",
    choices(
      [
        ["BloodGlucosemeterSPO2", tr("Blood Glucosemeter or SPO2")],
        ["Dentures", tr("Dentures")],
        ["Braces", tr("Braces")],
        ["Lenses", tr("Contact Lenses")],
        ["inhalers", tr("Inhalers")],
        ["HearingAids", tr("Hearing Aids")],
        ["Crutches", tr("Crutches")],
        ["Pacemakers", tr("Pacemakers")],
        ["Walkers", tr("Walkers")],
        ["InsulinInjections", tr("Insulin Injections")],
        ["PrescriptionEyeGlassess", tr("Prescription EyeGlassess")],
        ["OtherMedicalDevices", tr("Other Medical Devices")],
        ["NotDisclosed", tr("Prefer not to say")],
      ],
      "NotDisclosed",
    ),
  ),
]);

const technology = onePage(tr("Technology"), tr("How you use the internet and the devices you own."), [
  question(
    "modeAccessInternet",
    tr("Where do you access the internet most often?"),
    "radio",
    choices([
      ["Home", tr("Home")],
      ["SchoolUniversity", tr("School / university")],
      ["Office", tr("Office")],
      ["WifiHotspots", tr("Wi-Fi hotspots")],
      ["other", tr("Other")],
    ]),
  ),
  question(
    "frequencyAccessInternet",
    tr("How often do you access the internet?"),
    "radio",
    choices([
      ["Frequently", tr("Frequently, throughout the day")],
      ["MultipleInDay", tr("Several times a day")],
      ["OnceInDay", tr("Once a day")],
      ["MultipleTimesWeek", tr("Several times a week")],
      ["OnceAWeek", tr("Once a week")],
    ]),
  ),
  question(
    "browser",
    tr("Which web browsers do you use?"),
    "checkbox",
    choices([
      ["GoogleChrome", "Google Chrome"],
      ["MozillaFirefox", "Mozilla Firefox"],
      ["Safari", "Safari"],
      ["MicrosoftEdge", "Microsoft Edge"],
      ["Opera", "Opera"],
      ["BraveBrowser", "Brave"],
      ["Other", tr("Other")],
    ]),
  ),
  question(
    "techDevices",
    tr("Which of these devices do you own?"),
    "checkbox",
    choices(
      [
        ["SmartPhone", tr("Smartphone")],
        ["BasicPhone", tr("Basic phone")],
        ["DesktopPC", tr("Desktop PC")],
        ["Laptop", tr("Laptop")],
        ["Smartwatch", tr("Smartwatch")],
        ["DSLRCamera", tr("DSLR camera")],
        ["TV", tr("Television")],
        ["SecurityDevices", tr("Security devices")],
        ["Printer", tr("Printer")],
        ["SpeakerHomeTheatre", tr("Speakers / home theatre")],
        ["TabletiPad", tr("Tablet / iPad")],
        ["other", tr("Other")],
        ["NonePreferNotToSay", tr("None / prefer not to say")],
      ],
      "NonePreferNotToSay",
    ),
  ),
]);

const vehiclesAndMachinery = onePage(tr("Vehicles and Machinery"), tr("The vehicles and machines in your household."), [
  question(
    "vehicles",
    tr("Which vehicles does your household own?"),
    "checkbox",
    // NoVehicle is ours, not the spec's: without it a household with no vehicle could not answer
    // truthfully (decision 015). The count and the fuel are then left unanswered.
    choices(
      [
        ["BikeScooter", tr("Bike / scooter")],
        ["Car", tr("Car")],
        ["SUV", tr("SUV")],
        ["PickUp Truck", tr("Pick-up truck")],
        ["Truck", tr("Truck")],
        ["Buses", tr("Bus")],
        ["NoVehicle", tr("None: no vehicle in the household")],
      ],
      "NoVehicle",
    ),
  ),
  optional(
    question(
      "noVehicles",
      tr("How many vehicles does your household own? (skip if none)"),
      "radio",
      choices([...["1", "2", "3", "4", "5"].map((n): OptionRow => [n, n]), ["5+", tr("More than 5")]]),
    ),
  ),
  optional(
    question(
      "typeVehicles",
      tr("What do your vehicles run on? (skip if none)"),
      "radio",
      choices([
        ["DieselPetrol", tr("Diesel / petrol")],
        ["Electric", tr("Electric")],
      ]),
    ),
  ),
  question(
    "vehiclesPurchaseTime",
    tr("When do you plan to buy your next vehicle?"),
    "radio",
    choices([
      ["NextMonth", tr("Within the next month")],
      ["Next3Month", tr("Within the next 3 months")],
      ["Next6month", tr("Within the next 6 months")],
      ["InAYear", tr("Within a year")],
      ["Never", tr("No plans to buy one")],
    ]),
  ),
  question(
    "machine",
    tr("Which of these machines do you own?"),
    "checkbox",
    choices(
      [
        ["MixerGrinder", tr("Mixer grinder")],
        ["WashingMachine", tr("Washing machine")],
        ["WaterPurifier", tr("Water purifier")],
        ["SewingMachine", tr("Sewing machine")],
        ["ElectricIron", tr("Electric iron")],
        ["ElectricDrill", tr("Electric drill")],
        ["HackSaw", tr("Hacksaw")],
        ["Hairdryer", tr("Hair dryer")],
        ["NonePreferNotToSay", tr("None / prefer not to say")],
      ],
      "NonePreferNotToSay",
    ),
  ),
]);

const entertainment = onePage(tr("Entertainment"), tr("What you watch, read, play and follow."), [
  question(
    "tvService",
    tr("Which TV services do you use?"),
    "checkbox",
    choices(
      [
        ["Cable", tr("Cable TV")],
        ["FibreOpticTVService", tr("Fibre-optic TV service")],
        ["SatelliteTV", tr("Satellite TV")],
        ["StreamingDevices", tr("Streaming devices")],
        ["LiveTVInternet", tr("Live TV over the internet")],
        ["Other", tr("Other")],
        ["NoServicePreferNotToSay", tr("No TV service / prefer not to say")],
      ],
      "NoServicePreferNotToSay",
    ),
  ),
  question(
    "cinema",
    tr("How often do you go to the cinema?"),
    "radio",
    choices([
      ["OnceAWeek", tr("Once a week")],
      ["OnceAMonth", tr("Once a month")],
      ["MoreThanOnceAMonth", tr("More than once a month")],
      ["OnceIn3Months", tr("Once in 3 months")],
      ["OnceIn6Months", tr("Once in 6 months")],
      ["OnceInAYear", tr("Once a year")],
      ["Never", tr("Never")],
    ]),
  ),
  question(
    "movieGenre",
    tr("Which kinds of movies do you enjoy?"),
    "checkbox",
    choices(
      [
        ["Animated", tr("Animated")],
        ["Action", tr("Action")],
        ["Adventure", tr("Adventure")],
        ["Anime", tr("Anime")],
        ["Comedy", tr("Comedy")],
        ["Crime", tr("Crime")],
        ["Documnetary", tr("Documentary")],
        ["Drama", tr("Drama")],
        ["Fantasy", tr("Fantasy")],
        ["History", tr("History")],
        ["Horror", tr("Horror")],
        ["Magical", tr("Magical")],
        ["Musical", tr("Musical")],
        ["Mystery", tr("Mystery")],
        ["Political", tr("Political")],
        ["Romance", tr("Romance")],
        ["RomCom", tr("Romantic comedy")],
        ["ScienceFiction", tr("Science fiction")],
        ["Sport", tr("Sport")],
        ["SpaceGalaxy", tr("Space / galaxy")],
        ["Thriller", tr("Thriller")],
        ["Other", tr("Other")],
        ["NoMovies", tr("I don't watch movies")],
      ],
      "NoMovies",
    ),
  ),
  question(
    "activities",
    tr("What do you do in your free time?"),
    "checkbox",
    choices([
      ["ListenSongs", tr("Listening to music")],
      ["ListenPodcasts", tr("Listening to podcasts")],
      ["ListenRadio", tr("Listening to the radio")],
      ["WatchingTV", tr("Watching TV")],
      ["WatchingOnlineSeries", tr("Watching online series")],
      ["ReadBooks", tr("Reading books")],
      ["Read Newspapers", tr("Reading newspapers")],
      ["PlayVideoGames", tr("Playing video games")],
      ["SocialMedia", tr("Using social media")],
      ["OtherNone", tr("Other / none")],
    ]),
  ),
  question(
    "gamesDevices",
    tr("Which devices do you play video games on?"),
    "checkbox",
    choices([
      ["PlayStation", "PlayStation"],
      ["XBox", "Xbox"],
      ["SmartPhone", tr("Smartphone")],
      ["DesktopPC", tr("Desktop PC")],
      ["Tablet", tr("Tablet")],
      ["HandHeldConsole", tr("Handheld console")],
      ["OtherNone", tr("Other / none")],
    ]),
    { question: "activities", option: "PlayVideoGames" },
  ),
  question(
    "socialMedia",
    tr("Which social media do you use?"),
    "checkbox",
    choices([
      ["Facebook", "Facebook"],
      ["Instagram", "Instagram"],
      ["LinkedIN", "LinkedIn"],
      ["Quora", "Quora"],
      ["Reddit", "Reddit"],
      ["SnapChat", "Snapchat"],
      ["Twitter", "Twitter / X"],
      ["Telegram", "Telegram"],
      ["WhatsApp", "WhatsApp"],
      ["OtherNone", tr("Other / none")],
    ]),
    { question: "activities", option: "SocialMedia" },
  ),
]);

const SUBMITTED: string = tr("This profile is already submitted");

function basic(
  path: BuiltInProfileSurvey["path"],
  slug: string,
  minutes: number,
  definition: QuestionnaireDefinition,
  submittedBanner = SUBMITTED,
): BuiltInProfileSurvey {
  return { path, slug, category: tr("Basic"), points: 100, minutes, submittedBanner, definition };
}

/**
 * In the hub's path order. The spec promises 100 points for the other four and shows no figure for
 * About You, which is worth the same 100.
 */
export const BUILT_IN_PROFILE_SURVEYS: readonly BuiltInProfileSurvey[] = [
  basic(1, "aboutyou", 3, aboutYou),
  basic(2, "health", 2, health),
  // The spec's Technology banner alone ends with a full stop; kept as written.
  basic(3, "technology", 2, technology, tr("This profile is already submitted.")),
  basic(4, "vehiclesmachinery", 2, vehiclesAndMachinery),
  basic(5, "entertainment", 2, entertainment),
];
