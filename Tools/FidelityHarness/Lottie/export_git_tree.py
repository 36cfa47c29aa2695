#!/usr/bin/env python3
"""Writes the files of a git directory's HEAD into a folder, blob by blob.

Usage: export_git_tree.py GIT_DIR DESTINATION

A mirror may lack a few (large) blobs; `git archive` stops at the first missing one, this
reports each and goes on.
"""
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    git_dir, destination = sys.argv[1], sys.argv[2]
    listing = subprocess.run(
        ["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", "HEAD"],
        check=True, capture_output=True).stdout
    entries = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode.decode(), sha.decode(), path.decode()))
    # One `git cat-file --batch` for all blobs.
    batch = subprocess.Popen(
        ["git", "--git-dir", git_dir, "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    missing = 0
    for mode, sha, path in entries:
        batch.stdin.write((sha + "\n").encode())
        batch.stdin.flush()
        header = batch.stdout.readline().decode().split()
        if len(header) < 3 or header[1] == "missing":
            print(f"missing in the mirror: {path}")
            missing += 1
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)  # the newline after each object
        target = os.path.join(destination, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mode == "120000":  # a symbolic link: its target as text
            if os.path.lexists(target):
                os.remove(target)
            os.symlink(data.decode(), target)
            continue
        with open(target, "wb") as file:
            file.write(data)
    batch.stdin.close()
    batch.wait()
    print(f"wrote {len(entries) - missing} files into {destination} ({missing} missing)")


if __name__ == "__main__":
    main()
