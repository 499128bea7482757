import { Button, InlineStack } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import {
  type CsvImportSummary,
  type CsvImportsData,
  type ImportProblem,
  isRunning,
} from "~/domain/contacts/csv-types";
import { type ConsentScan, scanConsent } from "./csv-consent-scan";
import { useCsvUpload, useImportProgress } from "./csv-import-hooks";
import { FailedModal, ProcessingModal, SuccessModal, UploadingModal } from "./csv-import-progress";
import {
  ComplianceModal,
  ConfirmModal,
  type DeclarationDraft,
  declarationOf,
  ProductsModal,
  UploadModal,
} from "./csv-import-steps";

const NO_DECLARATION: DeclarationDraft = { declared: false, source: "", date: "" };

import { RecentImports } from "./csv-recent-imports";

type Step =
  | "closed"
  | "compliance"
  | "products"
  | "upload"
  | "confirm"
  | "uploading"
  | "processing"
  | "success"
  | "failed";

/**
 * 'Import CSV' on /contacts and its dialogs (spec 2 sections 2 and 4): the SMS opt-in notice, the
 * products to link, the file with a sample, the confirmation, then Uploading, Processing (rows done
 * of rows total, live) and the outcome. The import runs on the server: closing the dialog or the
 * browser does not stop it, and the company's running and recent imports are listed beside the
 * button (one list per page, beside the first button; `showRecent={false}` hides it).
 */
export function ImportCsvButton(props: {
  disabled?: boolean;
  showRecent?: boolean;
  variant?: "primary" | "secondary";
}) {
  const { t } = useTranslation();
  const showRecent = useRecentSlot(props.showRecent !== false);
  const imports = useFetcher<CsvImportsData>();
  const { revalidate } = useRevalidator();
  const { upload, progress } = useCsvUpload();
  const [step, setStep] = useState<Step>("closed");
  const [productIds, setProductIds] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [scan, setScan] = useState<ConsentScan | null | "scanning">(null);
  const [declaration, setDeclaration] = useState<DeclarationDraft>(NO_DECLARATION);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const summary = useImportProgress(watchedId);
  const [finished, setFinished] = useState<CsvImportSummary | null>(null);
  const stepRef = useRef(step);
  stepRef.current = step;

  const loadImports = imports.load;
  const refreshImports = useCallback(() => loadImports("/resources/csv-imports"), [loadImports]);
  // The company's imports when the page opens: a running one is followed live.
  useEffect(() => {
    if (showRecent) refreshImports();
  }, [showRecent, refreshImports]);
  const recent = imports.data?.imports;
  useEffect(() => {
    const running = recent?.find((i) => isRunning(i.status));
    if (running) setWatchedId((current) => current ?? running.id);
  }, [recent]);

  // The end of the followed import: its outcome is shown if its dialog is open; the page reloads its data.
  useEffect(() => {
    if (!summary || isRunning(summary.status)) return;
    setFinished(summary);
    if (stepRef.current === "processing") {
      if (summary.status === "completed") setStep("success");
      else {
        setProblem(summary.error ?? { key: "importFailed" });
        setStep("failed");
      }
    }
    setWatchedId(null);
    revalidate();
    if (showRecent) refreshImports();
  }, [summary, revalidate, refreshImports, showRecent]);

  const open = () => {
    setProductIds([]);
    setFile(null);
    setProblem(null);
    setScan(null);
    setDeclaration(NO_DECLARATION);
    setStep("compliance");
    refreshImports();
  };
  const close = () => setStep("closed");

  const start = async () => {
    if (!file) return;
    setStep("uploading");
    const outcome = await upload(file, productIds, declarationOf(declaration));
    if (!outcome.ok) {
      setProblem(outcome.problem);
      setStep("upload");
      return;
    }
    setFinished(null);
    setWatchedId(outcome.importId);
    setStep("processing");
    if (showRecent) refreshImports();
  };

  const products = imports.data?.products ?? null;
  const productNames = (products ?? []).filter((p) => productIds.includes(p.id)).map((p) => p.name);
  const shown = step === "processing" ? summary : null;

  return (
    <>
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Button variant={props.variant ?? "secondary"} disabled={props.disabled} onClick={open}>
          {t("csvImport.button")}
        </Button>
        {showRecent && recent && recent.length > 0 ? (
          <RecentImports
            imports={recent}
            live={summary}
            onShowProgress={(id) => {
              setWatchedId(id);
              setStep("processing");
            }}
          />
        ) : null}
      </InlineStack>
      <ComplianceModal open={step === "compliance"} onClose={close} onAccept={() => setStep("products")} />
      <ProductsModal
        open={step === "products"}
        products={products}
        selected={productIds}
        onChange={setProductIds}
        onBack={() => setStep("compliance")}
        onNext={() => setStep("upload")}
        onClose={close}
      />
      <UploadModal
        open={step === "upload"}
        file={file}
        problem={problem}
        onFile={(next) => {
          setFile(next);
          setProblem(null);
        }}
        onBack={() => setStep("products")}
        onUpload={() => {
          setStep("confirm");
          if (!file) return;
          // Counted in the browser before anything is sent: who can be texted and why not.
          setScan("scanning");
          scanConsent(file).then(setScan);
        }}
        onClose={close}
      />
      <ConfirmModal
        open={step === "confirm"}
        file={file}
        productNames={productNames}
        scan={scan}
        declaration={declaration}
        onDeclaration={setDeclaration}
        onConfirm={start}
        onBack={() => setStep("upload")}
        onClose={close}
      />
      <UploadingModal open={step === "uploading"} progress={progress} />
      <ProcessingModal open={step === "processing"} summary={shown} onClose={close} />
      <SuccessModal open={step === "success"} summary={finished} onClose={close} />
      <FailedModal open={step === "failed"} problem={problem} onClose={close} />
    </>
  );
}

// One list of imports per page: with two buttons (the table's and the empty state's), the first
// mounted one shows it. Claimed in an effect, so the server render never shares this between requests.
let recentHolder: symbol | null = null;
function useRecentSlot(wanted: boolean) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!wanted || recentHolder) return;
    const me = Symbol("recent-imports");
    recentHolder = me;
    setHeld(true);
    return () => {
      if (recentHolder === me) recentHolder = null;
    };
  }, [wanted]);
  return held;
}
