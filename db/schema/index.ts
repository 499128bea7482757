export * from "./accounts";
export * from "./audit";
export * from "./contacts";
export * from "./identity";
export * from "./messaging";
export * from "./platform";
export * from "./team";
