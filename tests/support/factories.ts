import { hashPassword } from "~/domain/passwords.server";
import { getPrisma } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";

let counter = 0;

/** A verified member with complete details; override any field. */
export async function createTestMember(overrides: Partial<Prisma.MemberCreateInput> = {}) {
  counter += 1;
  return getPrisma().member.create({
    data: {
      firstName: "Test",
      lastName: `Member ${counter}`,
      email: `member${counter}-${Date.now()}@example.com`,
      emailVerifiedAt: new Date(),
      country: "IN",
      state: "Karnataka",
      city: "Bengaluru",
      pin: "560001",
      dob: new Date("1990-04-15"),
      gender: "female",
      ...overrides,
    },
  });
}

/** An active admin with a hashed password; override any field. */
export async function createTestAdmin(
  overrides: Partial<Prisma.AdminCreateInput> & { password?: string } = {},
) {
  counter += 1;
  const { password = "Admin#Secret-42", ...rest } = overrides;
  return getPrisma().admin.create({
    data: {
      name: `Admin ${counter}`,
      email: `admin${counter}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
      ...rest,
    },
  });
}
