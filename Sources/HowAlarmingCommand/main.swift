print("howalarming-command")
