export * from "./accounts";
export * from "./audit";
export * from "./billing";
export * from "./contacts";
export * from "./identity";
export * from "./messaging";
export * from "./platform";
export * from "./team";
